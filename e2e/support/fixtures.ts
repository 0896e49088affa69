/**
 * The journeys' `test`. The operator's popups open over home once per session, whatever a journey
 * is doing there, as they would for a player; a player closes them, and so does this page, with
 * the popup's own close button. Every spec takes `test` and `expect` from here.
 */
import { test as base, expect } from '@playwright/test';
import { operatorPopupTitles } from './ops';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const test = base.extend({
  page: async ({ page, request }, use) => {
    const titles = await operatorPopupTitles(request);
    if (titles.length > 0) {
      const popup = page.getByRole('dialog', {
        name: new RegExp(`^(${titles.map(escape).join('|')})$`),
      });
      await page.addLocatorHandler(popup, async (dialog) => {
        await dialog.getByRole('button', { name: /^(বন্ধ করুন|Close)$/ }).click();
      });
    }
    await use(page);
  },
});

export { expect };
