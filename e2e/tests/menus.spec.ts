/**
 * Every screen of the route map is reached from a menu (issue 18, lost screens): a member taps
 * through the side menu to VIP benefits and the help centre, and through the member centre to
 * responsible gaming and the help centre (Bengali, 360×640).
 */
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';

test('the side menu and the member centre lead to VIP, help and responsible gaming', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'menu');
  await logIn(page, username);
  const title = page.getByRole('heading', { level: 1 });

  // step: the side menu's VIP entry opens the VIP benefits
  await page.getByRole('button', { name: 'মেনু', exact: true }).click();
  let menu = page.getByRole('dialog', { name: 'প্রধান মেনু' });
  await menu.getByRole('link', { name: 'ভিআইপি সুবিধা' }).click();
  await expect(page).toHaveURL(/\/m\/member\/benefits$/);
  await expect(title).toHaveText('ভিআইপি সুবিধা');
  await expect(menu).toBeHidden();

  // step: the side menu's help entry opens the help centre
  await page.getByRole('button', { name: 'মেনু', exact: true }).click();
  menu = page.getByRole('dialog', { name: 'প্রধান মেনু' });
  await menu.getByRole('link', { name: 'সাহায্য কেন্দ্র' }).click();
  await expect(page).toHaveURL(/\/m\/help$/);
  await expect(title).toHaveText('সাহায্য');

  // step: the footer's member centre, then its responsible gaming entry
  await page.goto('/m/home');
  await page
    .getByRole('navigation', { name: 'ফুটার মেনু' })
    .getByRole('link', { name: 'সদস্য কেন্দ্র' })
    .click();
  await expect(page).toHaveURL(/\/m\/member\/home$/);
  const entries = page.getByRole('navigation', { name: 'সদস্য কেন্দ্রের মেনু' });
  await entries.getByRole('link', { name: 'দায়িত্বশীল গেমিং' }).click();
  await expect(page).toHaveURL(/\/m\/responsibleGaming$/);
  await expect(title).toHaveText('দায়িত্বশীল গেমিং');

  // step: back in the member centre, its help entry opens the help centre
  await page.goBack();
  await entries.getByRole('link', { name: 'সাহায্য কেন্দ্র' }).click();
  await expect(page).toHaveURL(/\/m\/help$/);
  await expect(title).toHaveText('সাহায্য');
});
