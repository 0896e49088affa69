/**
 * Accessibility checks in the journeys, with axe, on the screen as the player sees it:
 * `expectAccessible` runs every WCAG 2.0/2.1 A and AA rule axe has (contrast among them),
 * `expectNoContrastViolations` only WCAG AA contrast. Soft: the journey goes on to its other
 * screens and fails at its end; the failure lists each rule, element and axe's reason.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Page transitions fade screens in: check what the player sees once they have ended. */
function settled(page: Page) {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

async function violations(page: Page, rules: 'wcag2aa' | 'contrast', exclude?: string) {
  await settled(page);
  let builder = new AxeBuilder({ page });
  builder =
    rules === 'wcag2aa'
      ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      : builder.withRules(['color-contrast']);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.target.join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    ),
  );
}

/**
 * Every WCAG 2 A/AA rule on the screen `screen` (a name for the failure message). `exclude`: a
 * selector for something this site does not draw (a vendor's game frame).
 */
export async function expectAccessible(page: Page, screen: string, exclude?: string) {
  expect.soft(await violations(page, 'wcag2aa', exclude), `WCAG AA on ${screen}`).toEqual([]);
}

/** Every text and control on the screen meets WCAG AA contrast. */
export async function expectNoContrastViolations(page: Page, screen: string, exclude?: string) {
  expect.soft(await violations(page, 'contrast', exclude), `contrast on ${screen}`).toEqual([]);
}
