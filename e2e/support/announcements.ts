/**
 * What the page's notifications live region announced, as a screen reader hears it. A success
 * toast is gone after a second (TOAST_MS.success), which a check polling the screen can miss on a
 * slow machine; the region's announcements are recorded as they come and read at leisure.
 */
import type { Page } from '@playwright/test';

interface Heard {
  heardAnnouncements?: string[];
}

/** Starts recording (the page must have loaded); answers a reader of what was heard so far. */
export async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  // Hidden from the accessibility tree while a popup is open over the page: found all the same.
  const region = page.getByRole('status', {
    name: /^(বিজ্ঞপ্তি|Notifications)$/,
    includeHidden: true,
  });
  await region.evaluate((live) => {
    const heard: string[] = [];
    (window as Heard).heardAnnouncements = heard;
    new MutationObserver((changes) => {
      for (const change of changes) {
        change.addedNodes.forEach((node) => {
          if (node.textContent) heard.push(node.textContent);
        });
      }
    }).observe(live, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as Heard).heardAnnouncements ?? []);
}
