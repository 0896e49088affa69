import { addDays, recordToday, type TransactionRecord } from '@khela/contract/records';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { accountsRoutes } from '../../testing/accounts';
import { buildSystemStatus } from '../../testing/factories';
import { failure, ok, type MockHandler, type MockRoutes } from '../../testing/mock-api';
import { memberSession, renderApp } from '../../testing/render-app';

const TODAY = recordToday();
const WEEK_AGO = addDays(TODAY, -6);

const row = (overrides: Partial<TransactionRecord>): TransactionRecord => ({
  id: '1',
  time: '2026-03-15T08:05:09.000Z',
  type: 'deposit',
  amountMinor: 100_000,
  balanceAfterMinor: 100_000,
  transactionId: '501',
  reference: '12',
  ...overrides,
});

const txPage = (list: TransactionRecord[], nextCursor: string | null = null) =>
  ok({ from: WEEK_AGO, to: TODAY, timeZone: 'Asia/Dhaka', list, nextCursor });

function open(path: string, api: MockRoutes = {}) {
  return renderApp(path, {
    api: { ...accountsRoutes(), ...api },
    session: memberSession(),
  });
}

describe('records screens', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('send a visitor to login', async () => {
    for (const path of ['/m/transaction/record', '/m/profitandloss', '/m/gameRecord']) {
      const view = renderApp(path, { api: accountsRoutes() });
      await waitFor(() => expect(view.pathname()).toBe('/m/login'));
      view.unmount();
    }
  });

  describe('transaction records', () => {
    it('shows each movement: type, signed amount, balance after, time in Dhaka, reference', async () => {
      const { api } = open('/m/transaction/record', {
        '/wps/wallet/transactions': txPage([
          row({ id: '3', type: 'withdrawal', amountMinor: 30_000, balanceAfterMinor: 95_000 }),
          row({
            id: '2',
            type: 'bet',
            amountMinor: -5_050,
            balanceAfterMinor: 65_000,
            reference: null,
            transactionId: '502',
          }),
          row({ id: '1' }),
        ]),
      });
      const list = await screen.findByRole('list', { name: 'Transactions' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('Withdrawal returned');
      expect(items[0]).toHaveTextContent('+৳300.00');
      expect(items[1]).toHaveTextContent('Bet');
      expect(items[1]).toHaveTextContent('−৳50.50');
      expect(items[1]).toHaveTextContent('Balance ৳650.00');
      expect(items[2]).toHaveTextContent('Deposit');
      expect(items[2]).toHaveTextContent('+৳1,000.00');
      expect(items[2]).toHaveTextContent('Ref. 12');
      expect(items[2]).toHaveTextContent('No. 501');
      // 08:05 UTC is 14:05 in Dhaka.
      expect(items[2]).toHaveTextContent('15 Mar 2026, 14:05:09');
      // One page: no pagination control.
      expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
      const call = api.calls('/wps/wallet/transactions')[0]!;
      expect(call.searchParams.get('from')).toBe(WEEK_AGO);
      expect(call.searchParams.get('to')).toBe(TODAY);
      expect(call.searchParams.get('cursor')).toBeNull();
    });

    it('numbers pages over the cursors and goes back and forth', async () => {
      const handler: MockHandler = (url) =>
        url.searchParams.get('cursor') === 'c2'
          ? txPage([row({ id: '1', amountMinor: 100 })])
          : txPage([row({ id: '2', amountMinor: 200 })], 'c2');
      const { user, api } = open('/m/transaction/record', { '/wps/wallet/transactions': handler });
      expect(await screen.findByText('+৳2.00')).toBeVisible();
      const pager = screen.getByRole('navigation', { name: 'Pages' });
      expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
      expect(await screen.findByText('+৳1.00')).toBeVisible();
      expect(api.calls('/wps/wallet/transactions').at(-1)!.searchParams.get('cursor')).toBe('c2');
      expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();

      await user.click(within(pager).getByRole('button', { name: 'Previous page' }));
      expect(await screen.findByText('+৳2.00')).toBeVisible();
    });

    it('filters by type and period, starting again from page 1', async () => {
      const handler: MockHandler = (url) =>
        url.searchParams.get('type') === 'deposit'
          ? txPage([row({ id: '9', amountMinor: 900 })])
          : txPage([row({ id: '2', amountMinor: 200 })], 'c2');
      const { user, api } = open('/m/transaction/record', { '/wps/wallet/transactions': handler });
      await screen.findByText('+৳2.00');
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Deposit');
      expect(await screen.findByText('+৳9.00')).toBeVisible();
      const last = api.calls('/wps/wallet/transactions').at(-1)!;
      expect(last.searchParams.get('type')).toBe('deposit');
      expect(last.searchParams.get('cursor')).toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Today' }));
      await waitFor(() =>
        expect(api.calls('/wps/wallet/transactions').at(-1)!.searchParams.get('from')).toBe(TODAY),
      );
    });

    it('says when the period has no movements, in Bengali by default', async () => {
      await changeLanguage('BN');
      open('/m/transaction/record', { '/wps/wallet/transactions': txPage([]) });
      expect(await screen.findByText('এই সময়কালে কোনো লেনদেন নেই।')).toBeVisible();
    });
  });

  describe('profit and loss', () => {
    it('shows the totals of the period and refetches for another period', async () => {
      const { user, api } = open('/m/profitandloss', {
        '/wps/wallet/profit-loss': ok({
          from: WEEK_AGO,
          to: TODAY,
          timeZone: 'Asia/Dhaka',
          depositsMinor: 150_000,
          withdrawalsMinor: 40_000,
          netDepositsMinor: 110_000,
          betsMinor: 50_000,
          winsMinor: 45_000,
          gameResultMinor: -5_000,
          rebatesMinor: 2_500,
          adjustmentsMinor: 0,
          transfersMinor: 0,
          netResultMinor: -2_500,
        }),
      });
      const totals = await screen.findByRole('region', { name: 'Totals for the period' });
      const figure = (name: string) =>
        within(totals).getByText(name).closest('div')!.querySelector('dd')!.textContent;
      expect(figure('Deposits')).toBe('৳1,500.00');
      expect(figure('Withdrawals paid')).toBe('৳400.00');
      expect(figure('Net deposits')).toBe('৳1,100.00');
      expect(figure('Bets')).toBe('৳500.00');
      expect(figure('Wins')).toBe('৳450.00');
      expect(figure('Game profit / loss')).toBe('−৳50.00');
      expect(figure('Rebates and bonuses')).toBe('৳25.00');
      expect(figure('Net result')).toBe('−৳25.00');

      await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
      await waitFor(() =>
        expect(api.calls('/wps/wallet/profit-loss').at(-1)!.searchParams.get('from')).toBe(
          addDays(TODAY, -29),
        ),
      );
    });
  });

  describe('game records', () => {
    it('shows the empty period with the date picker', async () => {
      open('/m/gameRecord', {
        '/wps/wallet/game-records': ok({
          from: WEEK_AGO,
          to: TODAY,
          timeZone: 'Asia/Dhaka',
          list: [],
          nextCursor: null,
        }),
      });
      expect(await screen.findByText('No game rounds in this period.')).toBeVisible();
      expect(screen.getByLabelText('From')).toHaveValue(WEEK_AGO);
    });

    it('shows contact_service while the member bet-report flag is off, without asking', async () => {
      const { api } = open('/m/gameRecord', {
        '/wps/system/status': ok(buildSystemStatus({ flags: { TRANSBETREPMEM3: false } })),
      });
      const notices = await screen.findByRole('status', { name: 'Notifications' });
      await waitFor(() => expect(notices).toHaveTextContent('Please contact customer service'));
      expect(screen.getAllByText('Please contact customer service').length).toBeGreaterThan(1);
      expect(api.calls('/wps/wallet/game-records')).toHaveLength(0);
    });

    it('shows contact_service when the server refuses', async () => {
      open('/m/gameRecord', {
        '/wps/wallet/game-records': failure(
          403,
          'contact_service',
          'Please contact customer service',
        ),
      });
      await waitFor(() =>
        expect(screen.getAllByText('Please contact customer service').length).toBeGreaterThan(1),
      );
      expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    });
  });
});
