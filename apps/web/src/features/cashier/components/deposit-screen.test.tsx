import type { Channel, Deposit, DepositList } from '@khela/contract/cashier';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { buildSystemStatus } from '../../../testing/factories';
import { failure, ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';
import { payPage } from '../utils/pay-page';

const channel = (code: string, name: string, overrides: Partial<Channel> = {}): Channel => ({
  code,
  name,
  currency: 'BDT',
  deposit: {
    enabled: true,
    minMinor: 20_000,
    maxMinor: 2_500_000,
    presetsMinor: [50_000, 100_000, 200_000, 500_000, 1_000_000],
  },
  withdraw: { enabled: true, minMinor: 50_000, maxMinor: 2_500_000 },
  accountPattern: '^01[3-9][0-9]{8}$',
  playMoney: false,
  ...overrides,
});

const CHANNELS = [
  channel('BKASH', 'bKash'),
  channel('NAGAD', 'Nagad', {
    deposit: { enabled: false, minMinor: 20_000, maxMinor: 2_500_000, presetsMinor: [] },
  }),
  channel('BANK', 'Bank transfer', {
    deposit: {
      enabled: true,
      minMinor: 100_000,
      maxMinor: 10_000_000,
      presetsMinor: [100_000, 500_000],
    },
  }),
];

const deposit = (overrides: Partial<Deposit> = {}): Deposit => ({
  id: '7',
  channelCode: 'BKASH',
  channelName: 'bKash',
  amountMinor: 100_000,
  currency: 'BDT',
  status: 'pending',
  providerRef: 'SBX0123456789ABCDEF01',
  createdAt: '2026-03-02T10:00:00.000Z',
  settledAt: null,
  expiresAt: '2026-03-02T10:30:00.000Z',
  ...overrides,
});

function open(path: string, api: MockRoutes = {}, session = memberSession()) {
  return renderApp(path, {
    api: {
      ...accountsRoutes(),
      '/wps/member/wallet': ok({ sumBalance: 0 }),
      '/wps/wallet/channels': ok({ list: CHANNELS }),
      ...api,
    },
    session,
  });
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers).get(name);

describe('deposit screen', () => {
  let opened: string[];
  beforeEach(async () => {
    await changeLanguage('EN');
    opened = [];
    vi.spyOn(payPage, 'open').mockImplementation((url) => void opened.push(url));
  });
  afterEach(() => vi.restoreAllMocks());

  it('deposits a preset amount with an idempotency key and opens the pay page', async () => {
    const posts: { key: string | null; body: unknown }[] = [];
    const { user } = open('/m/voucherCenter', {
      '/wps/wallet/deposits': (_url, init) => {
        posts.push({
          key: headerOf(init, 'idempotency-key'),
          body: JSON.parse(init?.body as string),
        });
        return ok({
          deposit: deposit(),
          payUrl: 'http://127.0.0.1:4318/sandbox-pay/SBX0123456789ABCDEF01?language=EN',
        });
      },
    });
    expect(await screen.findByRole('radio', { name: 'bKash' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Bank transfer' })).not.toBeChecked();
    // A channel the operator turned off is not offered.
    expect(screen.queryByRole('radio', { name: 'Nagad' })).not.toBeInTheDocument();
    expect(screen.getByText('Min ৳200.00, max ৳25,000.00')).toBeVisible();

    await user.click(screen.getByRole('button', { name: '1,000' }));
    expect(screen.getByLabelText('Amount (৳)')).toHaveValue('1000');
    expect(screen.getByRole('button', { name: '1,000' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() =>
      expect(opened).toEqual([
        'http://127.0.0.1:4318/sandbox-pay/SBX0123456789ABCDEF01?language=EN',
      ]),
    );
    expect(posts).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: { channelCode: 'BKASH', amountMinor: 100_000 },
      },
    ]);
  });

  it("says plainly that a sandbox channel's money is play money, and only there", async () => {
    const { user } = open('/m/voucherCenter', {
      '/wps/wallet/channels': ok({
        list: [channel('BKASH', 'bKash', { playMoney: true }), CHANNELS[2]],
      }),
    });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Play money: this is a demo payment method.',
    );
    await user.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('checks the amount against the chosen channel before asking the server', async () => {
    const posts: unknown[] = [];
    const { user } = open('/m/voucherCenter', {
      '/wps/wallet/deposits': (_url, init) => {
        posts.push(JSON.parse(init?.body as string));
        return ok({
          deposit: deposit({ channelCode: 'BANK' }),
          payUrl: 'http://127.0.0.1:4318/sandbox-pay/X',
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please enter an amount')).toBeVisible();

    await user.type(screen.getByLabelText('Amount (৳)'), '150');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('The smallest deposit here is ৳200.00')).toBeVisible();
    expect(screen.getByLabelText('Amount (৳)')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    expect(screen.getByText('Min ৳1,000.00, max ৳100,000.00')).toBeVisible();
    expect(screen.queryByRole('button', { name: '10,000' })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount (৳)'));
    await user.type(screen.getByLabelText('Amount (৳)'), '100000.01');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('The largest deposit here is ৳100,000.00')).toBeVisible();
    expect(posts).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount (৳)'));
    await user.type(screen.getByLabelText('Amount (৳)'), '1500.50');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(posts).toEqual([{ channelCode: 'BANK', amountMinor: 150_050 }]));
  });

  it('reuses the key only when the answer was lost', async () => {
    const keys: (string | null)[] = [];
    const { user } = open('/m/voucherCenter', {
      '/wps/wallet/deposits': (_url, init) => {
        keys.push(headerOf(init, 'idempotency-key'));
        if (keys.length === 1) throw new TypeError('network down');
        return ok({ deposit: deposit(), payUrl: 'http://127.0.0.1:4318/sandbox-pay/X' });
      },
    });
    await user.type(await screen.findByLabelText('Amount (৳)'), '500');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows the server's refusals where the player looks", async () => {
    let answer = failure(
      400,
      'wallet.amountOutOfRange',
      'The amount is outside the allowed range',
      {
        minMinor: 20_000,
        maxMinor: 2_500_000,
      },
    );
    const { user } = open('/m/voucherCenter', { '/wps/wallet/deposits': () => answer });
    await user.type(await screen.findByLabelText('Amount (৳)'), '500');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('The amount is outside the allowed range')).toBeVisible();

    answer = failure(
      409,
      'wallet.depositLimitReached',
      'This deposit would go over your deposit limit',
    );
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(
      await screen.findByText('This deposit would go over your deposit limit', {
        selector: 'form [role="alert"]',
      }),
    ).toBeVisible();
    expect(opened).toEqual([]);
  });

  it('shows the deposit the player came back for and refreshes the header balance once paid', async () => {
    let balance = 0;
    const { api } = open('/m/voucherCenter?deposit=7', {
      '/wps/member/wallet': () => ok({ sumBalance: balance }),
      '/wps/wallet/deposits/7': () => {
        balance = 1000;
        return ok(deposit({ status: 'paid', settledAt: '2026-03-02T10:01:00.000Z' }));
      },
    });
    const result = await screen.findByRole('region', { name: 'Your deposit' });
    expect(
      await within(result).findByText('Deposit of ৳1,000.00 received. Your balance is updated.'),
    ).toBeVisible();
    expect(within(result).getByText('Paid')).toBeVisible();
    expect(within(result).getByText('Ref. SBX0123456789ABCDEF01')).toBeVisible();
    expect(await screen.findByText('৳1,000.00', { selector: 'header *' })).toBeVisible();
    expect(api.calls('/wps/member/wallet').length).toBeGreaterThan(1);
  });

  it('shows a declined deposit as failed', async () => {
    open('/m/voucherCenter?deposit=7', {
      '/wps/wallet/deposits/7': ok(deposit({ status: 'failed' })),
    });
    expect(
      await screen.findByText('The payment of ৳1,000.00 was declined. Nothing was charged.'),
    ).toBeVisible();
    const result = within(screen.getByRole('region', { name: 'Your deposit' }));
    expect(result.getByRole('status')).toHaveTextContent('declined');
    expect(result.getByText('Failed')).toBeVisible();
  });

  it('tells a trial account it is one and cannot deposit, and asks it to register', async () => {
    open('/m/voucherCenter', {}, memberSession({ type: 4 }));
    const note = within(await screen.findByRole('region', { name: 'Trial account' }));
    expect(
      note.getByText(
        'This is a trial account: it plays with play money and cannot deposit. Register to deposit real money.',
      ),
    ).toBeVisible();
    expect(note.getByRole('link', { name: 'Register now' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('speaks Bengali by default', async () => {
    await changeLanguage('BN');
    open('/m/voucherCenter', { '/wps/wallet/channels': ok({ list: [channel('BKASH', 'বিকাশ')] }) });
    expect(await screen.findByRole('radio', { name: 'বিকাশ' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'পেমেন্টে যান' })).toBeVisible();
    expect(screen.getByText('সর্বনিম্ন ৳২০০.০০, সর্বোচ্চ ৳২৫,০০০.০০')).toBeVisible();
    // Every figure in Bengali digits: the presets too.
    expect(screen.getByRole('button', { name: '১,০০০' })).toBeVisible();
  });
});

describe('deposit records', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('lists deposits with status, amount, channel and time, and loads more by cursor', async () => {
    const pages: Record<string, DepositList> = {
      first: {
        list: [
          deposit({ id: '9', status: 'paid', amountMinor: 250_000 }),
          deposit({ id: '8', status: 'failed', channelName: 'Nagad' }),
        ],
        nextCursor: '8',
      },
      second: {
        list: [deposit({ id: '3', status: 'expired', amountMinor: 20_000 })],
        nextCursor: null,
      },
    };
    const { user, api } = open('/m/vouReport', {
      '/wps/wallet/deposits': (url) =>
        ok(url.searchParams.get('cursor') === '8' ? pages.second : pages.first),
    });
    const list = within(await screen.findByRole('list', { name: 'Deposit records' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    const first = within(list.getAllByRole('listitem')[0]!);
    expect(first.getByText('৳2,500.00')).toBeVisible();
    expect(first.getByText('Paid')).toBeVisible();
    expect(first.getByText('bKash')).toBeVisible();
    expect(first.getByText(/2 Mar 2026/)).toBeVisible();
    expect(list.getByText('Failed')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list.findByText('Expired')).toBeVisible();
    expect(screen.getByText('No more deposits.')).toBeVisible();
    expect(api.calls('/wps/wallet/deposits').map((u) => u.searchParams.get('cursor'))).toEqual([
      null,
      '8',
    ]);

    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await waitFor(() =>
      expect(api.calls('/wps/wallet/deposits').at(-1)?.searchParams.get('status')).toBe('paid'),
    );
  });

  it('goes home while the deposit records flag is off', async () => {
    const { pathname } = open('/m/vouReport', {
      '/wps/system/status': ok(buildSystemStatus({ flags: { DEPRECM3: false } })),
      '/wps/wallet/deposits': ok({ list: [], nextCursor: null }),
    });
    await waitFor(() => expect(pathname()).toBe('/m/home'));
  });
});
