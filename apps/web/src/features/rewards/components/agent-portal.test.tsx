import type {
  AgentContract,
  AgentContractQuote,
  AgentContractRequest,
  AgentHome,
} from '@khela/contract/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const home = (overrides: Partial<AgentHome> = {}): AgentHome => ({
  currency: 'BDT',
  inviteCode: 'AB12CD34',
  from: '2026-11-20',
  to: '2026-11-26',
  teamCount: 4,
  newMembers: 1,
  activeMembers: 3,
  depositsMinor: 15_000_000,
  turnoverMinor: 12_000_000,
  members: [],
  ...overrides,
});

const request = (overrides: Partial<AgentContractRequest> = {}): AgentContractRequest => ({
  id: '7',
  kind: 'salary',
  status: 'pending',
  periodStart: '2026-11-25',
  periodHour: null,
  amountMinor: 50_000,
  turnoverMinor: 12_000_000,
  depositsMinor: 15_000_000,
  createdAt: '2026-11-26T03:00:00.000Z',
  decidedAt: null,
  reason: null,
  ...overrides,
});

const contract = (requests: AgentContractRequest[] = []): AgentContract => ({
  kind: 'salary',
  currency: 'BDT',
  tiers: [
    { turnoverMinor: 10_000_000, amountMinor: 50_000 },
    { turnoverMinor: 50_000_000, amountMinor: 300_000 },
  ],
  requests,
});

const quote = (overrides: Partial<AgentContractQuote> = {}): AgentContractQuote => ({
  kind: 'salary',
  currency: 'BDT',
  periodStart: '2026-11-25',
  periodHour: null,
  from: '2026-11-24T18:00:00.000Z',
  to: '2026-11-25T18:00:00.000Z',
  turnoverMinor: 12_000_000,
  depositsMinor: 15_000_000,
  netLossMinor: 3_000_000,
  tierIndex: 0,
  amountMinor: 50_000,
  state: 'requestable',
  request: null,
  ...overrides,
});

function open(path: string, api: MockRoutes, type = 1) {
  return renderApp(path, {
    api: { ...accountsRoutes(), '/wps/member/wallet': ok({ sumBalance: 3000 }), ...api },
    session: memberSession({ type }),
  });
}

beforeEach(async () => {
  await changeLanguage('EN');
});

describe('agent home', () => {
  it('shows active members and the payments ready to request', async () => {
    const { user, pathname } = open('/m/agent/home', {
      '/wps/agent/home': ok(home()),
      '/wps/agent/contract-check': ok({
        skipped: false,
        due: [{ kind: 'salary', periodStart: '2026-11-25', periodHour: null, amountMinor: 50_000 }],
      }),
      '/wps/agent/contracts/salary': ok(contract()),
      '/wps/agent/contracts/salary/quote': ok(quote()),
    });
    const stats = await screen.findByText('Active in the period');
    expect(stats.nextElementSibling).toHaveTextContent('3');
    const due = within(await screen.findByRole('region', { name: 'Ready to request' }));
    await user.click(due.getByRole('link', { name: /Daily salary for .*: ৳500\.00/ }));
    await waitFor(() => expect(pathname()).toBe('/m/member/agent/getSalaryContract'));
    expect(await screen.findByRole('button', { name: 'Request payment' })).toBeEnabled();
  });

  it('skips the contract-request check for member types 41 and 42', async () => {
    for (const type of [41, 42]) {
      const view = open('/m/agent/home', { '/wps/agent/home': ok(home()) }, type);
      expect(await screen.findByText('Active in the period')).toBeVisible();
      expect(view.api.calls('/wps/agent/contract-check')).toHaveLength(0);
      expect(screen.queryByRole('region', { name: 'Ready to request' })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});

describe('contract screens', () => {
  it('shows what a period pays and requests it without sending an amount', async () => {
    const posts: unknown[] = [];
    let requests: AgentContractRequest[] = [];
    const { user, api } = open('/m/member/agent/getSalaryContract?periodStart=2026-11-25', {
      '/wps/agent/contracts/salary': () => ok(contract(requests)),
      '/wps/agent/contracts/salary/quote': () =>
        ok(requests.length ? quote({ state: 'requested', request: requests[0]! }) : quote()),
      '/wps/agent/contracts/salary/requests': (_url, init) => {
        posts.push(JSON.parse(init?.body as string));
        requests = [request()];
        return ok({ request: requests[0], replayed: false });
      },
    });
    const period = within(await screen.findByRole('region', { name: /^This period/ }));
    expect(await period.findByText('৳120,000.00')).toBeVisible();
    expect(period.getByText('৳150,000.00')).toBeVisible();
    expect(period.getByText('৳500.00')).toBeVisible();
    expect(period.getByText('Tier 1 reached')).toBeVisible();
    expect(api.calls('/wps/agent/contracts/salary/quote')[0]?.searchParams.get('periodStart')).toBe(
      '2026-11-25',
    );

    await user.click(period.getByRole('button', { name: 'Request payment' }));
    expect(
      await screen.findByText('Payment requested: ৳500.00. The operator will decide.'),
    ).toBeVisible();
    expect(posts).toEqual([{ periodStart: '2026-11-25' }]);
    const listed = within(screen.getByRole('region', { name: 'Requests' }));
    expect(await listed.findByText('Pending')).toBeVisible();
    await waitFor(() =>
      expect(period.getByRole('button', { name: 'Request payment' })).toBeDisabled(),
    );
    expect(period.getByText('You have asked for this period’s payment: Pending.')).toBeVisible();
  });

  it('explains an open period and shows a rejected request with its reason', async () => {
    open('/m/member/agent/getSalaryContract', {
      '/wps/agent/contracts/salary': ok(
        contract([request({ status: 'rejected', reason: 'Team turnover under review' })]),
      ),
      '/wps/agent/contracts/salary/quote': ok(quote({ state: 'open', amountMinor: 0 })),
    });
    expect(
      await screen.findByText(
        'This period has not ended yet. You can ask for its payment once it has.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request payment' })).toBeDisabled();
    const listed = within(screen.getByRole('region', { name: 'Requests' }));
    expect(listed.getByText('Rejected')).toBeVisible();
    expect(listed.getByText('Reason: Team turnover under review')).toBeVisible();
  });

  it('picks an hour on the hourly contract', async () => {
    const { user, api } = open(
      '/m/member/agent/getHourContract?periodStart=2026-11-25&periodHour=3',
      {
        '/wps/agent/contracts/hourly': ok({ ...contract(), kind: 'hourly' }),
        '/wps/agent/contracts/hourly/quote': (url) =>
          ok(
            quote({
              kind: 'hourly',
              periodHour: Number(url.searchParams.get('periodHour')),
              state: 'nothingDue',
              tierIndex: null,
              amountMinor: 0,
            }),
          ),
      },
    );
    const hour = await screen.findByLabelText('Hour');
    expect(hour).toHaveValue('3');
    await user.selectOptions(hour, '14');
    await waitFor(() =>
      expect(
        api.calls('/wps/agent/contracts/hourly/quote').at(-1)?.searchParams.get('periodHour'),
      ).toBe('14'),
    );
    expect(await screen.findByText('Your team did not reach a tier in this period.')).toBeVisible();
    expect(screen.getByText('No tier reached')).toBeVisible();
  });
});
