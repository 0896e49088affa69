import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { renderConsole, sessionAs } from '../../testing/render-console';

const request = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: 'salary',
  status: 'pending',
  periodStart: '2026-03-01',
  periodHour: null,
  amountMinor: 50_000,
  turnoverMinor: 2_500_000,
  depositsMinor: 0,
  createdAt: '2026-03-02T04:00:00.000Z',
  decidedAt: null,
  reason: null,
  username: 'agentkarim',
  currency: 'BDT',
  decidedBy: null,
  transactionId: null,
  ...overrides,
});

const LIST = '/ops/api/agents/contract-requests';

describe('agent contract requests', () => {
  it('lists pending requests, pages older, and pays one on approval', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('finance')),
      [LIST]: (url) =>
        url.searchParams.get('before') === '5'
          ? ok({ items: [request('4', { username: 'agentrupa' })], nextBefore: null })
          : ok({ items: [request('5')], nextBefore: '5' }),
      [`POST ${LIST}/5/approve`]: ok({
        request: request('5', { status: 'approved', decidedBy: 'finance1' }),
        replayed: false,
      }),
    });
    renderConsole('/ops/agents');
    expect(await screen.findByRole('heading', { name: 'Agent contracts' })).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'agentkarim' })).toBeVisible();
    expect(api.calls(LIST)[0]!.url.searchParams.get('status')).toBe('pending');

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('cell', { name: 'agentrupa' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));

    await user.click(
      await screen.findByRole('button', {
        name: 'Approve the request of agentkarim for 2026-03-01',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Pay the request of agentkarim' });
    expect(within(dialog).getByText('Daily salary, 2026-03-01: 500.00 BDT')).toBeVisible();
    expect(within(dialog).queryByLabelText(/Reason/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Paid 500.00 to agentkarim.')).toBeVisible();
    expect(api.calls(`${LIST}/5/approve`)).toHaveLength(1);
  });

  it('rejects with a reason, which is required', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('finance')),
      [LIST]: ok({ items: [request('7', { kind: 'hourly', periodHour: 9 })], nextBefore: null }),
      [`POST ${LIST}/7/reject`]: ok({
        request: request('7', { status: 'rejected', reason: 'Turnover under review' }),
        replayed: false,
      }),
    });
    renderConsole('/ops/agents');
    await user.click(
      await screen.findByRole('button', {
        name: 'Reject the request of agentkarim for 2026-03-01, 09:00',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reject the request of agentkarim' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason.')).toBeVisible();
    expect(api.calls(`${LIST}/7/reject`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Turnover under review');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The request of agentkarim was rejected.')).toBeVisible();
    expect(JSON.parse(api.calls(`${LIST}/7/reject`)[0]!.init?.body as string)).toEqual({
      reason: 'Turnover under review',
    });
  });

  it('filters by status and shows a viewer the list without decisions', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('viewer')),
      [LIST]: (url) =>
        url.searchParams.get('status') === 'rejected'
          ? ok({
              items: [
                request('3', {
                  status: 'rejected',
                  reason: 'Duplicate',
                  decidedBy: 'admin1',
                  decidedAt: '2026-03-02T05:00:00.000Z',
                }),
              ],
              nextBefore: null,
            })
          : ok({ items: [request('5')], nextBefore: null }),
    });
    renderConsole('/ops/agents');
    expect(await screen.findByRole('cell', { name: 'agentkarim' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('State'), 'rejected');
    expect(await screen.findByText(/admin1 · Duplicate/)).toBeVisible();
    expect(api.calls(LIST).at(-1)!.url.searchParams.get('status')).toBe('rejected');
  });
});
