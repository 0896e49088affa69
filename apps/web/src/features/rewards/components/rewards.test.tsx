import type { RebateOverview, RewardCentre } from '@khela/contract/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { failure, ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const overview = (overrides: Partial<RebateOverview> = {}): RebateOverview => ({
  currency: 'BDT',
  timeZone: 'Asia/Dhaka',
  rates: [
    { category: 'RNG', rateBp: 80 },
    { category: 'LIVE', rateBp: 50 },
  ],
  periods: [
    {
      periodStart: '2026-03-10',
      status: 'accruing',
      totalMinor: 50,
      categories: [{ category: 'LIVE', turnoverMinor: 10_000, rateBp: 50, rebateMinor: 50 }],
      claimedAt: null,
    },
    {
      periodStart: '2026-03-09',
      status: 'claimable',
      totalMinor: 966,
      categories: [
        { category: 'RNG', turnoverMinor: 100_000, rateBp: 80, rebateMinor: 800 },
        { category: 'LIVE', turnoverMinor: 33_333, rateBp: 50, rebateMinor: 166 },
      ],
      claimedAt: null,
    },
    { periodStart: '2026-03-08', status: 'none', totalMinor: 0, categories: [], claimedAt: null },
  ],
  claimableMinor: 966,
  history: [],
  ...overrides,
});

const claimedOverview = () =>
  overview({
    claimableMinor: 0,
    periods: [
      {
        periodStart: '2026-03-09',
        status: 'claimed',
        totalMinor: 966,
        categories: [],
        claimedAt: '2026-03-10T04:00:00.000Z',
      },
    ],
    history: [
      {
        id: '7',
        periodStart: '2026-03-09',
        amountMinor: 966,
        currency: 'BDT',
        createdAt: '2026-03-10T04:00:00.000Z',
      },
    ],
  });

const claimAnswer = {
  claim: {
    id: '7',
    periodStart: '2026-03-09',
    amountMinor: 966,
    currency: 'BDT',
    createdAt: '2026-03-10T04:00:00.000Z',
  },
  balanceMinor: 100_966,
  replayed: false,
};

function open(path: string, api: MockRoutes) {
  return renderApp(path, {
    api: { ...accountsRoutes(), '/wps/member/wallet': ok({ sumBalance: 1000 }), ...api },
    session: memberSession(),
  });
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers).get(name);

describe('manual rebate screen', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('shows the days by category and rates, claims a day with a key and refreshes the balance', async () => {
    let state = overview();
    const posts: { key: string | null; body: unknown }[] = [];
    const { user, api } = open('/m/member/manualRebate', {
      '/wps/rewards/rebate': () => ok(state),
      '/wps/rewards/rebate/claim': (_url, init) => {
        posts.push({
          key: headerOf(init, 'idempotency-key'),
          body: JSON.parse(init?.body as string),
        });
        state = claimedOverview();
        return ok(claimAnswer);
      },
    });
    const ready = within(await screen.findByRole('region', { name: 'Ready to claim' }));
    expect(ready.getByText('৳9.66')).toBeVisible();
    const days = within(screen.getByRole('region', { name: 'Last 7 days' }));
    expect(days.getByText('Today (still earning)')).toBeVisible();
    expect(days.getByText('৳1,000.00')).toBeVisible();
    expect(days.getByText('৳333.33')).toBeVisible();
    expect(days.getByText('৳1.66')).toBeVisible();
    expect(days.queryByText('8 Mar 2026')).not.toBeInTheDocument();
    expect(days.getByText('9 Mar 2026')).toBeVisible();
    const rates = within(screen.getByRole('region', { name: 'Rebate rates' }));
    expect(rates.getByText('0.8%')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Claimed rebates' })).getByText(
        'No rebate claimed yet.',
      ),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Claim the rebate for 10 Mar 2026' }),
    ).not.toBeInTheDocument();

    const walletCalls = api.calls('/wps/member/wallet').length;
    await user.click(screen.getByRole('button', { name: 'Claim the rebate for 9 Mar 2026' }));
    expect(await screen.findByText('Rebate of ৳9.66 added to your balance.')).toBeVisible();
    expect(posts).toEqual([
      { key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { periodStart: '2026-03-09' } },
    ]);
    const history = within(await screen.findByRole('region', { name: 'Claimed rebates' }));
    expect(await history.findByText('৳9.66')).toBeVisible();
    expect(screen.getByText('Claimed')).toBeVisible();
    await waitFor(() =>
      expect(api.calls('/wps/member/wallet').length).toBeGreaterThan(walletCalls),
    );
  });

  it('shows the server message when there is nothing to claim', async () => {
    const { user } = open('/m/member/manualRebate', {
      '/wps/rewards/rebate': ok(overview()),
      '/wps/rewards/rebate/claim': failure(
        409,
        'rewards.nothingToClaim',
        'There is no rebate to claim for this day: it is still running, earned nothing, or was already claimed',
      ),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Claim the rebate for 9 Mar 2026' }),
    );
    expect(
      await screen.findByText(
        'There is no rebate to claim for this day: it is still running, earned nothing, or was already claimed',
      ),
    ).toBeVisible();
  });

  it('speaks Bengali', async () => {
    await changeLanguage('BN');
    open('/m/member/manualRebate', { '/wps/rewards/rebate': ok(overview()) });
    expect(await screen.findByRole('region', { name: 'রিবেটের হার' })).toBeVisible();
    // The day in Bengali digits, as every date on the site.
    expect(screen.getByRole('button', { name: '৯ মার্চ ২০২৬ এর রিবেট দাবি করুন' })).toBeVisible();
    expect(screen.getByText('৯ মার্চ ২০২৬')).toBeVisible();
  });
});

describe('reward centre', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('lists what can be claimed and claims it', async () => {
    let state: RewardCentre = {
      currency: 'BDT',
      rebateEnabled: true,
      totalMinor: 966,
      items: [{ kind: 'rebate', periodStart: '2026-03-09', amountMinor: 966 }],
    };
    const { user } = open('/m/rewardCenter', {
      '/wps/rewards': () => ok(state),
      '/wps/rewards/rebate/claim': () => {
        state = { ...state, totalMinor: 0, items: [] };
        return ok(claimAnswer);
      },
    });
    const list = within(await screen.findByRole('region', { name: 'Rewards you can claim' }));
    expect(list.getByText('Rebate for 9 Mar 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Rebate details' })).toHaveAttribute(
      'href',
      '/m/member/manualRebate',
    );
    await user.click(list.getByRole('button', { name: 'Claim the rebate for 9 Mar 2026' }));
    expect(await screen.findByText('Rebate of ৳9.66 added to your balance.')).toBeVisible();
    expect(
      await screen.findByText(
        'Nothing to claim right now. Rebate on your play is ready the day after.',
      ),
    ).toBeVisible();
  });
});
