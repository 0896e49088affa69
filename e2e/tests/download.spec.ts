/**
 * Download page journey (Bengali, 360×640): no link on /m/download leads to a missing page or
 * file; with the demo's settings (no app package yet) there is no Android entry and the guides
 * are the iPhone's and the home screen's; once the operator sets a package's address the Android
 * link and guide appear. Changes a site-wide setting, so it runs with the site switches, and puts
 * it back.
 */
import { E2E_OPS_TOKEN } from '../support/env';
import { expect, test } from '../support/fixtures';
import { setSetting } from '../support/ops';

const headers = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

test('the download page has no dead link, and Android only with a package', async ({
  page,
  request,
}) => {
  // step: the page as first started: no app file to link to
  await page.goto('/m/download');
  await expect(page.getByText(/অ্যাপ ফাইল এখনো প্রস্তুত নয়/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'অ্যান্ড্রয়েড' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'আইফোন' })).toBeVisible();

  // step: every link of this site on the page answers (no 404)
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const own = hrefs.filter((href) => new URL(href).origin === new URL(page.url()).origin);
  expect(own.length).toBeGreaterThan(0);
  for (const href of own) {
    const res = await request.get(href, { maxRedirects: 0 });
    expect(res.status(), href).not.toBe(404);
  }

  // step: the operator sets the Android package's address: its link and guide appear
  const before = (await (await request.get('/ops/api/settings/downloads', { headers })).json()) as {
    value: { value: unknown[] };
  };
  try {
    await setSetting(request, 'downloads', [
      ...before.value.value,
      { resourceType: 'Android', url: 'https://cdn.example.com/khela.apk', labelNameEn: 'Android' },
    ]);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Android-এর জন্য ডাউনলোড' })).toHaveAttribute(
      'href',
      'https://cdn.example.com/khela.apk',
    );
    await expect(page.getByRole('tab', { name: 'অ্যান্ড্রয়েড' })).toBeVisible();
  } finally {
    await setSetting(request, 'downloads', before.value.value);
  }
});
