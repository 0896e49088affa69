/**
 * Live chat as a member and the operator meet it: the member writes from our chat page, the
 * operator answers through the operator API, the unread count shows the answer, the chat page
 * shows it, and reading clears the count.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { chatReply } from '../support/ops';

const sessionToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('MC_SESSION_INFO') ?? '{}') as { token: string }).token,
  );

async function unreadCount(request: APIRequestContext, token: string) {
  const res = await request.get('/wps/relay/CBS_unreadCount?moduleId=CBS3', {
    headers: { token },
  });
  return ((await res.json()) as { value: { unReadCount: number } }).value.unReadCount;
}

test('a member writes, the operator answers, the unread count and the chat show it', async ({
  page,
  request,
}) => {
  // step: a member logs in
  const username = await registerMember(request, 'chat');
  await logIn(page, username);
  const token = await sessionToken(page);

  // step: open live chat from the floating service widget on home: our chat page opens
  await page.goto('/m/home');
  await page.getByRole('button', { name: 'গ্রাহক সেবা' }).click();
  await page
    .getByRole('dialog', { name: 'গ্রাহক সেবা' })
    .getByRole('button', { name: /লাইভ চ্যাট/ })
    .click();
  await expect(page).toHaveURL(/\/m\/chat\?/);
  const chatUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByRole('heading', { name: 'গ্রাহক সেবা' })).toBeVisible();
  const log = page.getByRole('log', { name: 'বার্তাসমূহ' });
  await expect(log.getByText(/এখানে আমাদের লিখুন/)).toBeVisible();

  // step: send a message (HTML in it stays text)
  const question = 'আমার জমা এখনও আসেনি <b>help</b>';
  await page.getByRole('textbox', { name: 'বার্তা' }).fill(question);
  await page.getByRole('button', { name: 'পাঠান' }).click();
  await expect(log.getByText(question)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'বার্তা' })).toHaveValue('');

  // step: leave the chat: back where it was opened
  await page.getByRole('link', { name: 'চ্যাট থেকে বের হন' }).click();
  await expect(page).toHaveURL(/\/m\/home$/);

  // step: the operator answers through the operator API; the member's unread count is 1
  await chatReply(request, username, 'আমরা দেখছি, ১০ মিনিট অপেক্ষা করুন।');
  expect(await unreadCount(request, token)).toBe(1);
  // The widget's badge shows it (the count is asked again when the page comes back).
  await page.reload();
  await expect(page.getByRole('button', { name: 'গ্রাহক সেবা, ১টি অপঠিত' })).toBeVisible();

  // step: open the chat again: the answer is there, marked as the unread one, and reading clears the count
  await page.goto(chatUrl);
  await expect(log.getByText('অপঠিত বার্তা: ১')).toBeVisible();
  await expect(log.getByText('আমরা দেখছি, ১০ মিনিট অপেক্ষা করুন।')).toBeVisible();
  await expect.poll(() => unreadCount(request, token)).toBe(0);

  // step: a second answer appears on the open page without reloading it
  await chatReply(request, username, 'আপনার জমা পৌঁছেছে।');
  await expect(log.getByText('আপনার জমা পৌঁছেছে।')).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => unreadCount(request, token)).toBe(0);
});

test('a logged-out visitor opening the chat page is sent to login', async ({ page }) => {
  await page.goto('/m/chat');
  await expect(page).toHaveURL(/\/m\/login$/);
});
