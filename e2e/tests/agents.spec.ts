/**
 * Agent portal journey (Bengali, 360×640): the demo agent (seeded by `npm start`'s demo seed, its
 * team played yesterday) logs in at the agent login linked from the member login, sees the team,
 * requests yesterday's daily salary, an operator approves it through the operator API (as
 * `npm run ops -- agent contract approve` does), and the agent sees it approved and the balance up.
 */
import { expect, test } from '../support/fixtures';
import { E2E_OPS_TOKEN } from '../support/env';

const ops = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

test('agents: an agent requests a contract payment that an operator approves', async ({
  page,
  request,
}) => {
  // step: the member login links, quietly, to the agent login
  await page.goto('/m/login');
  await page.getByRole('link', { name: 'এজেন্ট লগইন' }).click();
  await expect(page).toHaveURL(/\/m\/agent\/login$/);

  // step: a member is refused at the agents' door
  await page.getByLabel('ব্যবহারকারীর নাম', { exact: true }).fill('demoteam1');
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('Demo-agent-2026');
  await page.getByRole('button', { name: 'এজেন্ট হিসেবে লগইন' }).click();
  await expect(page.getByText('এজেন্ট ছাড়া কেউ লগইন করতে পারবে না')).toBeVisible();

  // step: the agent logs in and lands on the agent home with the team's numbers
  await page.getByLabel('ব্যবহারকারীর নাম', { exact: true }).fill('demoagent');
  await page.getByRole('button', { name: 'এজেন্ট হিসেবে লগইন' }).click();
  await expect(page).toHaveURL(/\/m\/agent\/home$/);
  await expect(page.getByText('টিমের সদস্য', { exact: true })).toBeVisible();
  await expect(page.getByText('এই সময়ে সক্রিয়')).toBeVisible();

  // step: yesterday's daily salary is ready to request; the agent asks for it
  const due = page.getByRole('region', { name: 'অনুরোধের জন্য প্রস্তুত' });
  await due.getByRole('link', { name: /দৈনিক বেতন/ }).click();
  await expect(page).toHaveURL(/getSalaryContract/);
  await page.getByRole('button', { name: 'পেমেন্টের অনুরোধ করুন' }).click();
  await expect(page.getByText(/পেমেন্টের অনুরোধ করা হয়েছে: ৳৫০০\.০০/)).toBeVisible();
  const requests = page.getByRole('region', { name: 'অনুরোধ' });
  await expect(requests.getByText('অপেক্ষমাণ')).toBeVisible();

  // step: an operator approves it through the operator API
  const list = await request.get('/ops/api/agents/contract-requests?status=pending', {
    headers: ops,
  });
  const items = ((await list.json()) as { value: { items: { id: string; username: string }[] } })
    .value.items;
  const mine = items.find((item) => item.username === 'demoagent');
  expect(mine).toBeDefined();
  const approved = await request.post(`/ops/api/agents/contract-requests/${mine!.id}/approve`, {
    headers: ops,
  });
  expect(approved.ok()).toBe(true);

  // step: the agent sees it approved and the balance up
  await page.reload();
  await expect(page.getByRole('region', { name: 'অনুরোধ' }).getByText('অনুমোদিত')).toBeVisible();
  await expect(page.getByRole('banner').getByText('৳৫০০.০০')).toBeVisible();
});
