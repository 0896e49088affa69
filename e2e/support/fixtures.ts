/**
 * The journeys' `test`. The operator's popups open over home once per session from a browser's
 * second entry to home on (a fresh browser's first entry has none), whatever a journey is doing
 * there, as they would for a player; a player closes them, and so does this page, with the
 * popup's own close button. Every spec takes `test` and `expect` from here.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { operatorPopupTitles } from './ops';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An operator's popup over the page, by the titles `operatorPopupTitles` gives. */
export const operatorPopup = (page: Page, titles: readonly string[]) =>
  page.getByRole('dialog', { name: new RegExp(`^(${titles.map(escape).join('|')})$`) });

export const test = base.extend({
  page: async ({ page, request }, use) => {
    const titles = await operatorPopupTitles(request);
    if (titles.length > 0) {
      const popup = operatorPopup(page, titles);
      await page.addLocatorHandler(popup, async (dialog) => {
        const close = dialog.getByRole('button', { name: /^(বন্ধ করুন|Close)$/ });
        // A tap that leaves home as the popup opens takes the popup with it: then there is
        // nothing to close, and waiting for its button would hold the journey until it times out,
        // so each try is short. On a loaded machine the popup can take longer than one try to
        // settle (a click waits for it to stop moving): while it is up, try again; the journey's
        // own timeout bounds the tries.
        while (await dialog.isVisible()) {
          await close.click({ timeout: 3_000 }).catch(() => undefined);
        }
      });
    }
    await use(page);
  },
});

export { expect };
