import type {
  AgentContract,
  AgentHome,
  ReferralInfo,
  UplineTransferInfo,
} from '@khela/contract/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { buildSystemStatus } from '../../../testing/factories';
import { failure, ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const info = (overrides: Partial<UplineTransferInfo> = {}): UplineTransferInfo => ({
  allowed: true,
  reason: null,
  upline: 'agent7',
  balanceMinor: 300_000,
  currency: 'BDT',
  minMinor: 10_000,
  maxMinor: 5_000_000,
  paymentPasswordSet: false,
  ...overrides,
});

const referral: ReferralInfo = {
  inviteCode: 'AB12CD34',
  invitePath: '/m/register?affiliateCode=AB12CD34',
  currencySymbol: '৳',
  upline: null,
  isAgent: true,
};

const home = (overrides: Partial<AgentHome> = {}): AgentHome => ({
  currency: 'BDT',
  inviteCode: 'AB12CD34',
  from: '2026-03-04',
  to: '2026-03-10',
  teamCount: 12,
  newMembers: 3,
  activeMembers: 5,
  depositsMinor: 1_250_000,
  turnoverMinor: 4_000_050,
  members: [{ username: 'ra****2', joinedAt: '2026-03-09T10:00:00.000Z' }],
  ...overrides,
});

function open(path: string, api: MockRoutes, type = 0) {
  return renderApp(path, {
    api: { ...accountsRoutes(), '/wps/member/wallet': ok({ sumBalance: 3000 }), ...api },
    session: memberSession({ type }),
  });
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers).get(name);

beforeEach(async () => {
  await changeLanguage('EN');
});

describe('upline transfer screen', () => {
  it('sends an amount within the limits to the upline with a key and refreshes the balance', async () => {
    const posts: { key: string | null; body: unknown }[] = [];
    const { user, api } = open('/m/member/uplineTransfer', {
      '/wps/member/transfer-upline': (_url, init) => {
        if (init?.method !== 'POST') return ok(info());
        posts.push({
          key: headerOf(init, 'idempotency-key'),
          body: JSON.parse(init.body as string),
        });
        return ok({
          transactionId: '9',
          amountMinor: 50_000,
          upline: 'agent7',
          balanceMinor: 250_000,
          replayed: false,
        });
      },
    });
    expect(await screen.findByText('agent7')).toBeVisible();
    // The screen's own balance (the header may show the same figure).
    const balance = screen.getByRole('region', { name: 'Balance' });
    expect(within(balance).getByText('৳3,000.00')).toBeVisible();
    expect(screen.getByText('Min ৳100.00, max ৳50,000.00')).toBeVisible();
    await user.type(screen.getByLabelText('Amount (৳)'), '50');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('The least you can transfer is ৳100.00')).toBeVisible();
    expect(posts).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount (৳)'));
    await user.type(screen.getByLabelText('Amount (৳)'), '500');
    const walletCalls = api.calls('/wps/member/wallet').length;
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('৳500.00 sent to agent7.')).toBeVisible();
    expect(posts).toEqual([
      { key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { amountMinor: 50_000 } },
    ]);
    await waitFor(() =>
      expect(api.calls('/wps/member/wallet').length).toBeGreaterThan(walletCalls),
    );
  });

  it('shows a refused transfer under the amount and says why a member cannot transfer', async () => {
    const { user } = open('/m/member/uplineTransfer', {
      '/wps/member/transfer-upline': (_url, init) =>
        init?.method === 'POST'
          ? failure(409, 'wallet.insufficientFunds', 'Your balance is not enough for this')
          : ok(info({ paymentPasswordSet: true })),
    });
    await user.type(await screen.findByLabelText('Amount (৳)'), '200');
    await user.type(screen.getByLabelText('Payment password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Your balance is not enough for this')).toBeVisible();
    expect(screen.getByLabelText('Amount (৳)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains type 2 and a missing upline instead of the form', async () => {
    open('/m/member/uplineTransfer', {
      '/wps/member/transfer-upline': ok(info({ allowed: false, reason: 'noUpline', upline: null })),
    });
    expect(await screen.findByText('Your account has no upline agent.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
  });
});

describe('agent home', () => {
  it("shows the team's numbers, the code and link with Copy, members and the contracts", async () => {
    const { user, api } = open(
      '/m/agent/home',
      {
        '/wps/agent/home': (url) =>
          ok(
            url.searchParams.get('from')
              ? home({ from: '2026-02-01', teamCount: 12, depositsMinor: 9_900_000 })
              : home(),
          ),
        '/wps/member/referral': ok(referral),
      },
      1,
    );
    expect(await screen.findByText('৳12,500.00')).toBeVisible();
    expect(screen.getByText('৳40,000.50')).toBeVisible();
    expect(screen.getByText('12')).toBeVisible();
    expect(screen.getByLabelText('Invitation code')).toHaveValue('AB12CD34');
    expect(await screen.findByLabelText('Invitation link')).toHaveValue(
      `${window.location.origin}/m/register?affiliateCode=AB12CD34`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy the invitation code' }));
    expect(await navigator.clipboard.readText()).toBe('AB12CD34');
    expect(
      within(screen.getByRole('region', { name: 'Team members' })).getByText('ra****2'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Daily salary contract' })).toHaveAttribute(
      'href',
      '/m/member/agent/getSalaryContract',
    );

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('৳99,000.00')).toBeVisible();
    expect(api.calls('/wps/agent/home').at(-1)?.searchParams.get('from')).toBe('2026-02-01');
  });

  it.each([
    '/m/agent/home',
    '/m/member/agent/getSalaryContract',
    '/m/member/agent/getDevidendContract',
    '/m/member/agent/getHourContract',
  ])('%s is closed to members who are not agents', async (path) => {
    open(path, {}, 0);
    expect(await screen.findByText('Only agent accounts can open this page.')).toBeVisible();
  });

  it('shows a contract’s terms and its requests', async () => {
    const contract: AgentContract = {
      kind: 'dividend',
      currency: 'BDT',
      tiers: [{ turnoverMinor: 100_000_000, shareBp: 1000 }],
      requests: [
        {
          id: '1',
          kind: 'dividend',
          status: 'approved',
          periodStart: '2026-03-01',
          periodHour: null,
          amountMinor: 120_000,
          turnoverMinor: 150_000_000,
          depositsMinor: 9_000_000,
          createdAt: '2026-04-02T00:00:00.000Z',
          decidedAt: '2026-04-03T00:00:00.000Z',
          reason: null,
        },
      ],
    };
    open(
      '/m/member/agent/getDevidendContract',
      { '/wps/agent/contracts/dividend': ok(contract) },
      1,
    );
    const terms = within(await screen.findByRole('region', { name: 'Terms' }));
    expect(terms.getByText('Team turnover from ৳1,000,000.00')).toBeVisible();
    expect(terms.getByText('10% of the net result')).toBeVisible();
    const requests = within(screen.getByRole('region', { name: 'Requests' }));
    expect(requests.getByText('৳1,200.00')).toBeVisible();
    expect(requests.getByText('Approved')).toBeVisible();
    // The month as the language writes it, not the data's 2026-03.
    expect(requests.getByText('Mar 2026')).toBeVisible();
    expect(requests.queryByText(/2026-03/)).not.toBeInTheDocument();
  });
});

describe('referral', () => {
  it("shows a member's own invitation code and link in the referral popup", async () => {
    const { user } = open('/m/home', {
      '/wps/system/status': ok(buildSystemStatus({ currencySymbol: '৳' })),
      '/wps/member/referral': ok({ ...referral, isAgent: false }),
    });
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Footer menu' })).getByRole('button', {
        name: 'Invite',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite friends' }));
    expect(dialog.getByText('৳7,777')).toBeVisible();
    expect(await dialog.findByLabelText('Invitation code')).toHaveValue('AB12CD34');
    expect(dialog.getByLabelText('Invitation link')).toHaveValue(
      `${window.location.origin}/m/register?affiliateCode=AB12CD34`,
    );
    await user.click(dialog.getByRole('button', { name: 'Copy the invitation link' }));
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/m/register?affiliateCode=AB12CD34`,
    );
    expect(await dialog.findByText('Copied')).toBeVisible();
  });

  it("fills the registration form's invitation code from the link", async () => {
    renderApp('/m/register?affiliateCode=AB12CD34', { api: accountsRoutes() });
    const field = await screen.findByLabelText('Invitation code');
    expect(field).toHaveValue('AB12CD34');
    expect(field).not.toHaveAttribute('readonly');
  });
});
