/**
 * Choosing the site's language as a player does: in the header's account menu, the one place it
 * lives (spec: the header's drop-down has the language switcher). Waits until the page has
 * switched (<html lang>), so the next step reads the new language.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const LANGUAGES = {
  EN: { label: 'English', tag: 'en' },
  BN: { label: 'বাংলা', tag: 'bn' },
} as const;

export async function chooseLanguage(page: Page, language: keyof typeof LANGUAGES): Promise<void> {
  const { label, tag } = LANGUAGES[language];
  await page.getByRole('button', { name: /^(অ্যাকাউন্ট মেনু|Account menu)$/ }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', tag);
}
