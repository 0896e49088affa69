import type {
  PayeeAccount,
  Withdrawal,
  WithdrawOptions,
  WithdrawalPage,
} from '@khela/contract/withdrawals';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { failure, ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const payee = (overrides: Partial<PayeeAccount> = {}): PayeeAccount => ({
  id: '11',
  channelCode: 'BKASH',
  channelName: 'bKash',
  accountName: 'Rahim Uddin',
  accountNumber: '•••• 5678',
  last4: '5678',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const withdrawal = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  id: '501',
  status: 'pending',
  amountMinor: 100_000,
  currency: 'BDT',
  channelCode: 'BKASH',
  channelName: 'bKash',
  accountName: 'Rahim Uddin',
  accountNumber: '•••• 5678',
  createdAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
  note: null,
  ...overrides,
});

const options = (overrides: Partial<WithdrawOptions> = {}): WithdrawOptions => ({
  balanceMinor: 300_000,
  currency: 'BDT',
  paymentPasswordSet: false,
  channels: [
    { code: 'BKASH', name: 'bKash', enabled: true, minMinor: 50_000, maxMinor: 2_500_000 },
  ],
  payees: [payee()],
  pending: [],
  ...overrides,
});

function open(path: string, api: MockRoutes) {
  return renderApp(path, {
    api: { ...accountsRoutes(), '/wps/member/wallet': ok({ sumBalance: 3000 }), ...api },
    session: memberSession(),
  });
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers).get(name);

describe('withdraw screen', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('withdraws to a bound account with an idempotency key, then shows it pending and refreshes the balance', async () => {
    let state = options();
    const posts: { key: string | null; body: unknown }[] = [];
    const { user, api } = open('/m/withdraw', {
      '/wps/wallet/withdraw-options': () => ok(state),
      '/wps/wallet/withdrawals': (_url, init) => {
        posts.push({
          key: headerOf(init, 'idempotency-key'),
          body: JSON.parse(init?.body as string),
        });
        state = options({ balanceMinor: 50_000, pending: [withdrawal({ amountMinor: 250_000 })] });
        return ok({ withdrawal: state.pending[0], balanceMinor: 50_000, replayed: false });
      },
    });
    expect(await screen.findByText('৳3,000.00')).toBeVisible();
    expect(screen.getByRole('radio', { name: /bKash •••• 5678/ })).toBeChecked();
    expect(screen.getByText('Min ৳500.00, max ৳25,000.00')).toBeVisible();
    expect(screen.queryByLabelText('Payment password')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Amount (৳)'), '100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The least you can withdraw is ৳500.00')).toBeVisible();
    expect(posts).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount (৳)'));
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByLabelText('Amount (৳)')).toHaveValue('3000');
    await user.clear(screen.getByLabelText('Amount (৳)'));
    await user.type(screen.getByLabelText('Amount (৳)'), '2500');
    const walletCalls = api.calls('/wps/member/wallet').length;
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    expect(
      await screen.findByText('Withdrawal requested. It is pending until it is paid.'),
    ).toBeVisible();
    expect(posts).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: { payeeId: '11', amountMinor: 250_000 },
      },
    ]);
    const pending = within(await screen.findByRole('region', { name: 'Pending withdrawals' }));
    expect(pending.getByText('৳2,500.00')).toBeVisible();
    expect(pending.getByText('Pending')).toBeVisible();
    expect(
      pending.getByRole('button', { name: 'Cancel the withdrawal of ৳2,500.00' }),
    ).toBeVisible();
    expect(await screen.findByText('৳500.00')).toBeVisible();
    await waitFor(() =>
      expect(api.calls('/wps/member/wallet').length).toBeGreaterThan(walletCalls),
    );
  });

  it('reuses the key when the answer was lost, and makes a new one for the next request', async () => {
    const keys: (string | null)[] = [];
    let calls = 0;
    const { user } = open('/m/withdraw', {
      '/wps/wallet/withdraw-options': ok(options()),
      '/wps/wallet/withdrawals': (_url, init) => {
        keys.push(headerOf(init, 'idempotency-key'));
        calls += 1;
        if (calls === 1) throw new TypeError('network down');
        return ok({ withdrawal: withdrawal(), balanceMinor: 200_000, replayed: calls === 2 });
      },
    });
    await user.type(await screen.findByLabelText('Amount (৳)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByText('Withdrawal requested. It is pending until it is paid.');
    await user.type(screen.getByLabelText('Amount (৳)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks for the payment password when one is set and shows a wrong one under the field', async () => {
    const { user } = open('/m/withdraw', {
      '/wps/wallet/withdraw-options': ok(options({ paymentPasswordSet: true })),
      '/wps/wallet/withdrawals': failure(
        403,
        'wallet.paymentPasswordWrong',
        'The payment password is wrong',
      ),
    });
    await user.type(await screen.findByLabelText('Amount (৳)'), '600');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Enter your payment password')).toBeVisible();
    await user.type(screen.getByLabelText('Payment password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The payment password is wrong')).toBeVisible();
    expect(screen.getByLabelText('Payment password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Payment password')).toHaveValue('');
  });

  it('sends a member without an account to the security centre', async () => {
    open('/m/withdraw', { '/wps/wallet/withdraw-options': ok(options({ payees: [] })) });
    expect(await screen.findByText('You have no withdrawal account yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add one in the security centre' })).toHaveAttribute(
      'href',
      '/m/securityCenter',
    );
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('cancels a pending withdrawal and refreshes the balance', async () => {
    let state = options({ pending: [withdrawal()] });
    const { user, api } = open('/m/withdraw', {
      '/wps/wallet/withdraw-options': () => ok(state),
      '/wps/wallet/withdrawals/501/cancel': () => {
        state = options({ balanceMinor: 400_000 });
        return ok(withdrawal({ status: 'cancelled' }));
      },
    });
    const walletCalls = () => api.calls('/wps/member/wallet').length;
    const cancelButton = await screen.findByRole('button', {
      name: 'Cancel the withdrawal of ৳1,000.00',
    });
    await waitFor(() => expect(walletCalls()).toBeGreaterThan(0));
    const before = walletCalls();
    await user.click(cancelButton);
    expect(
      await screen.findByText('Withdrawal cancelled. The amount is back in your balance.'),
    ).toBeVisible();
    expect(await screen.findByText('৳4,000.00')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Pending withdrawals' })).not.toBeInTheDocument();
    expect(api.calls('/wps/wallet/withdrawals/501/cancel')).toHaveLength(1);
    await waitFor(() => expect(walletCalls()).toBeGreaterThan(before));
  });
});

describe('withdraw records', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('lists with status, loads more by cursor and filters', async () => {
    const first: WithdrawalPage = {
      list: [
        withdrawal({ id: '9', status: 'paid' }),
        withdrawal({ id: '8', status: 'rejected', note: 'Name mismatch' }),
      ],
      nextCursor: '8',
    };
    const second: WithdrawalPage = {
      list: [withdrawal({ id: '7', amountMinor: 70_000 })],
      nextCursor: null,
    };
    const { user, api } = open('/m/withdrawReport', {
      '/wps/wallet/withdrawals': (url) =>
        ok(
          url.searchParams.get('cursor') === '8'
            ? second
            : url.searchParams.get('status')
              ? { list: [], nextCursor: null }
              : first,
        ),
    });
    const list = within(await screen.findByRole('list', { name: 'Withdraw records' }));
    expect(list.getByText('Paid')).toBeVisible();
    expect(list.getByText('Reason: Name mismatch')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list.findByText('৳700.00')).toBeVisible();
    expect(screen.getByText('No more records')).toBeVisible();
    expect(list.getByRole('button', { name: 'Cancel the withdrawal of ৳700.00' })).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelled');
    expect(await screen.findByText('No withdrawals yet.')).toBeVisible();
    expect(api.calls('/wps/wallet/withdrawals').at(-1)?.searchParams.get('status')).toBe(
      'cancelled',
    );
  });
});

describe('payee accounts in the security centre', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  const payeeList = (payees: PayeeAccount[]) =>
    ok({
      payees,
      channels: [
        { code: 'BKASH', name: 'bKash', accountPattern: '^01[3-9][0-9]{8}$' },
        { code: 'BANK', name: 'Bank transfer', accountPattern: '^[0-9]{10,17}$' },
      ],
      maxPayees: 5,
    });

  it('binds an account with the login password; a wrong password shows under the field', async () => {
    const bodies: unknown[] = [];
    let payees: PayeeAccount[] = [];
    let wrong = true;
    const { user } = open('/m/securityCenter', {
      '/wps/wallet/payees': (_url, init) => {
        if (init?.method !== 'POST') return payeeList(payees);
        bodies.push(JSON.parse(init.body as string));
        if (wrong) {
          wrong = false;
          return failure(
            403,
            'wallet.reauthFailed',
            'The login password is wrong; please enter your current login password',
          );
        }
        payees = [payee({ id: '12', last4: '4321', accountNumber: '•••• 4321' })];
        return ok(payees[0]);
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Withdrawal accounts' }));
    expect(await section.findByText('No withdrawal account bound yet.')).toBeVisible();
    await user.type(section.getByLabelText('Account holder name'), 'Rahim Uddin');
    await user.type(section.getByLabelText('Account number'), '12345');
    await user.type(section.getByLabelText('Login password'), 'Wrong-one-1');
    await user.click(section.getByRole('button', { name: 'Bind account' }));
    expect(await section.findByText('Account format is incorrect')).toBeVisible();
    expect(bodies).toHaveLength(0);

    await user.clear(section.getByLabelText('Account number'));
    await user.type(section.getByLabelText('Account number'), '017 9876 4321');
    await user.click(section.getByRole('button', { name: 'Bind account' }));
    expect(
      await section.findByText(
        'The login password is wrong; please enter your current login password',
      ),
    ).toBeVisible();
    expect(section.getByLabelText('Login password')).toHaveValue('');
    await user.type(section.getByLabelText('Login password'), 'Right-one-1');
    await user.click(section.getByRole('button', { name: 'Bind account' }));
    // Said where the player is looking, beside the list and the form, and announced.
    await waitFor(() =>
      expect(section.getByRole('status')).toHaveTextContent('Withdrawal account added.'),
    );
    expect(section.getByRole('status')).toBeVisible();
    expect(await section.findByText('bKash •••• 4321')).toBeVisible();
    expect(bodies.at(-1)).toEqual({
      channelCode: 'BKASH',
      accountName: 'Rahim Uddin',
      accountNumber: '01798764321',
      password: 'Right-one-1',
    });
  });

  it('removes an account after the login password', async () => {
    let payees = [payee()];
    const removed: unknown[] = [];
    const { user } = open('/m/securityCenter', {
      '/wps/wallet/payees': payeeList(payees),
      '/wps/wallet/payees/11': (_url, init) => {
        removed.push(JSON.parse(init?.body as string));
        payees = [];
        return ok({ removed: true });
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Withdrawal accounts' }));
    await user.click(await section.findByRole('button', { name: 'Remove bKash •••• 5678' }));
    const item = within(section.getByRole('list', { name: 'Withdrawal accounts' }));
    expect(item.getByText('Enter your login password to remove bKash •••• 5678.')).toBeVisible();
    await user.type(item.getByLabelText('Login password'), 'Sundarban-Tiger-42');
    await user.click(item.getByRole('button', { name: 'Remove account' }));
    await waitFor(() =>
      expect(section.getByRole('status')).toHaveTextContent('Withdrawal account removed.'),
    );
    expect(removed).toEqual([{ password: 'Sundarban-Tiger-42' }]);
  });
});
