import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { renderConsole, sessionAs } from '../../testing/render-console';

const risk = (signals: string[]) => ({
  signals,
  facts: {
    paidWithdrawals: 0,
    payeeAddedAt: null,
    lastDepositMinor: null,
    betsSinceDepositMinor: 0,
    otherAccounts: [],
    kycState: 'none',
    usualMinor: null,
  },
});
const withdrawal = (id: string, username: string, amountMinor: number, signals: string[]) => ({
  id,
  status: 'pending',
  amountMinor,
  currency: 'BDT',
  channelCode: 'BKASH',
  channelName: 'bKash',
  accountName: username,
  accountNumber: '01712345678',
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
  note: null,
  username,
  decidedBy: null,
  payout: null,
  risk: risk(signals),
});
const QUEUE = [
  withdrawal('11', 'rahim', 250000, ['firstWithdrawal', 'newPayee']),
  withdrawal('12', 'karim', 100000, []),
  withdrawal('13', 'salma', 990000, ['aboveUsual']),
];
const TEMPLATES = [{ key: 'turnover', EN: 'Play your deposit through once.', BN: 'একবার খেলুন।' }];

describe('the money desk', () => {
  it('shows risk signals and rejects several withdrawals at once with a template reason', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('finance')),
      '/ops/api/wallet/withdrawals': ok(QUEUE),
      '/ops/api/wallet/reason-templates': ok(TEMPLATES),
      'POST /ops/api/wallet/withdrawals/decisions': ok({
        results: [
          { id: '11', ok: true, status: 'rejected' },
          { id: '13', ok: false, errorCode: 'withdrawal.notPending', message: 'Already decided.' },
        ],
      }),
    });
    renderConsole('/ops/money');

    const table = await screen.findByRole('table', { name: 'Withdrawals waiting: 3' });
    const rahim = within(table).getByRole('row', { name: /rahim/ });
    expect(within(rahim).getByText('First withdrawal')).toBeVisible();
    expect(within(rahim).getByText('Payee added in the last 24 h')).toBeVisible();
    expect(within(rahim).getByText('2,500.00')).toBeVisible();

    const reject = screen.getByRole('button', { name: 'Reject selected' });
    expect(reject).toBeDisabled();
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select withdrawal 11 of rahim' }),
    );
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select withdrawal 13 of salma' }),
    );
    expect(screen.getByText('Selected: 2')).toBeVisible();

    await user.click(reject);
    const dialog = screen.getByRole('dialog', { name: 'Reject 2 withdrawal(s)' });
    await user.selectOptions(within(dialog).getByLabelText('Reason template'), TEMPLATES[0]!.EN);
    expect(within(dialog).getByLabelText('Reason')).toHaveValue(TEMPLATES[0]!.EN);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Decided: 1.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('13: Already decided.');
    const [call] = api.calls('/ops/api/wallet/withdrawals/decisions');
    expect(call!.init?.headers).toMatchObject({ 'x-csrf-token': 'csrf-123' });
    expect(JSON.parse(call!.init?.body as string)).toEqual({
      ids: ['11', '13'],
      decision: 'reject',
      reason: TEMPLATES[0]!.EN,
    });
  });

  it('selects every row with one box and approves them without a reason', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('finance')),
      '/ops/api/wallet/withdrawals': ok(QUEUE),
      '/ops/api/wallet/reason-templates': ok(TEMPLATES),
      'POST /ops/api/wallet/withdrawals/decisions': ok({
        results: QUEUE.map((row) => ({ id: row.id, ok: true, status: 'processing' })),
      }),
    });
    renderConsole('/ops/money');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 3 withdrawal(s)' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Decided: 3.')).toBeVisible();
    expect(
      JSON.parse(api.calls('/ops/api/wallet/withdrawals/decisions')[0]!.init?.body as string),
    ).toEqual({
      ids: ['11', '12', '13'],
      decision: 'approve',
    });
  });

  it('gives a viewer the queue without boxes or decisions', async () => {
    mockApi({
      '/ops/api/auth/me': ok(sessionAs('viewer')),
      '/ops/api/wallet/withdrawals': ok(QUEUE),
    });
    renderConsole('/ops/money');
    const table = await screen.findByRole('table', { name: 'Withdrawals waiting: 3' });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject selected' })).not.toBeInTheDocument();
  });

  it('approves an adjustment waiting for a second operator', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('finance')),
      '/ops/api/wallet/adjustments': ok({
        items: [
          {
            id: '5',
            username: 'rahim',
            amountMinor: 2000000,
            currency: 'BDT',
            reason: 'Goodwill',
            state: 'waiting',
            requestedBy: 'admin1',
            requestedAt: '2026-03-01T10:00:00.000Z',
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
            transactionId: null,
            balanceMinor: null,
          },
        ],
        nextBefore: null,
      }),
      'POST /ops/api/wallet/adjustments/5/approve': ok({}),
    });
    renderConsole('/ops/money?view=adjustments');
    await user.click(await screen.findByRole('button', { name: 'Approve adjustment 5' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve adjustment 5' });
    expect(within(dialog).getByText('rahim: 20,000.00')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Adjustment 5 approved.')).toBeVisible();
    expect(api.calls('/ops/api/wallet/adjustments/5/approve')).toHaveLength(1);
  });
});
