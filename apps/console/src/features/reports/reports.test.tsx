import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { renderConsole, sessionAs } from '../../testing/render-console';

const row = (key: string, ggr: number) => ({
  key,
  bets: ggr * 10,
  wins: ggr * 9,
  ggr,
  betCount: 3,
  rounds: 3,
});

describe('reports', () => {
  it('shows GGR by vendor for the chosen days, with the same report as a CSV download', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('viewer')),
      '/ops/api/reports/ggr': (url) =>
        ok({
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          timeZone: 'Asia/Dhaka',
          by: url.searchParams.get('by'),
          rows: [row(url.searchParams.get('by') === 'vendor' ? 'demo' : '2026-03-01', 123456)],
          total: { bets: 1234560, wins: 1111104, ggr: 123456, betCount: 3, rounds: 3 },
        }),
    });
    renderConsole('/ops/reports');
    const from = await screen.findByLabelText('From');
    // A date picker sets the whole day at once.
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    await user.selectOptions(screen.getByLabelText('Group by'), 'vendor');

    const table = await screen.findByRole('table', { name: 'GGR' });
    expect(await within(table).findByRole('cell', { name: 'demo' })).toBeVisible();
    expect(within(table).getAllByText('1,234.56').length).toBeGreaterThan(0);
    const last = api.calls('/ops/api/reports/ggr').at(-1)!.url;
    expect(last.searchParams.get('from')).toBe('2026-03-01');
    expect(last.searchParams.get('by')).toBe('vendor');

    const csv = new URL(
      screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')!,
      'http://localhost',
    );
    expect(csv.pathname).toBe('/ops/api/reports/ggr');
    expect(Object.fromEntries(csv.searchParams)).toMatchObject({
      from: '2026-03-01',
      by: 'vendor',
      format: 'csv',
    });
  });

  it('lists the players registered in the range with their first deposit, pages older, and links the CSV', async () => {
    const user = userEvent.setup();
    const player = (username: string, firstDepositAmount: number | null) => ({
      username,
      registeredAt: '2026-03-01T05:00:00.000Z',
      day: '2026-03-01',
      method: 'H5',
      domain: username === 'karim' ? 'aff.example' : null,
      firstDepositAt: firstDepositAmount === null ? null : '2026-03-02T06:00:00.000Z',
      firstDepositAmount,
    });
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('viewer')),
      '/ops/api/reports/registrations': (url) =>
        ok({
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          timeZone: 'Asia/Dhaka',
          rows: [],
          total: {
            registrations: 0,
            firstDepositors: 0,
            firstDepositAmount: 0,
            sameDay: 0,
            within7Days: 0,
          },
        }),
      '/ops/api/reports/registrations/members': (url) =>
        ok({
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          timeZone: 'Asia/Dhaka',
          items: url.searchParams.get('before')
            ? [player('rahim', null)]
            : [player('karim', 70000), player('salma', null)],
          nextBefore: url.searchParams.get('before') ? null : '2026-03-01_41',
        }),
    });
    renderConsole('/ops/reports?report=registrations');

    const table = await screen.findByRole('table', { name: 'Players registered' });
    const karim = within(table).getByRole('row', { name: /karim/ });
    expect(within(karim).getByRole('link', { name: 'karim' })).toHaveAttribute(
      'href',
      '/ops/members/karim',
    );
    expect(within(karim).getByText('700.00')).toBeVisible();
    expect(within(karim).getByText('H5 · aff.example')).toBeVisible();
    const salma = within(table).getByRole('row', { name: /salma/ });
    expect(within(salma).getAllByText('—')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(
      await within(await screen.findByRole('table', { name: 'Players registered' })).findByRole(
        'link',
        { name: 'rahim' },
      ),
    ).toBeVisible();
    expect(
      api.calls('/ops/api/reports/registrations/members').at(-1)!.url.searchParams.get('before'),
    ).toBe('2026-03-01_41');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    const csv = new URL(
      screen.getByRole('link', { name: 'Download players as CSV' }).getAttribute('href')!,
      'http://localhost',
    );
    expect(csv.pathname).toBe('/ops/api/reports/registrations/members');
    expect(csv.searchParams.get('format')).toBe('csv');
    expect(csv.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
