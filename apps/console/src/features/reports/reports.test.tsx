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
});
