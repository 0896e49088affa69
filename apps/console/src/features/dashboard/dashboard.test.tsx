import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { renderConsole, sessionAs } from '../../testing/render-console';
import { bars, plots } from '../../testing/uplot-fake';

const figures = (ggr: number) => ({
  deposits: 500000,
  depositCount: 5,
  withdrawals: 200000,
  withdrawalCount: 2,
  bets: ggr * 10,
  wins: ggr * 9,
  ggr,
  bonuses: 0,
  registrations: 4,
  firstDepositors: 2,
  activePlayers: 9,
});

const dashboard = {
  timeZone: 'Asia/Dhaka',
  today: '2026-03-02',
  periods: {
    today: figures(123456),
    yesterday: figures(-5000),
    last7: figures(200000),
    last30: figures(900000),
  },
  hourly: [
    {
      hour: '2026-03-02T03:00:00.000Z',
      bets: 0,
      wins: 0,
      ggr: 150000,
      rounds: 3,
      activePlayers: 2,
    },
    { hour: '2026-03-02T04:00:00.000Z', bets: 0, wins: 0, ggr: -2500, rounds: 1, activePlayers: 1 },
  ],
  daily: [
    { ...figures(-5000), day: '2026-03-01' },
    { ...figures(123456), day: '2026-03-02' },
  ],
  queues: { pendingWithdrawals: 3, openChats: 0, kycWaiting: 1, adjustmentsWaiting: 0 },
  dataUpTo: '2026-03-02T04:55:00.000Z',
};

describe('the dashboard', () => {
  it('charts GGR by hour and by day, every bar readable as text, losses marked', async () => {
    mockApi({ '/ops/api/auth/me': ok(sessionAs('viewer')), '/ops/api/dashboard': ok(dashboard) });
    renderConsole('/ops/');

    // The site's clock is Dhaka's (UTC+6); a loss reads with a minus sign.
    const hourly = await screen.findByRole('img', {
      name: 'GGR by hour, last 48 hours. 2 Mar, 09:00: 1,500.00, 2 Mar, 10:00: −25.00',
    });
    const daily = screen.getByRole('img', { name: /^GGR by day, last 30 days\./ });
    expect(daily).toHaveAccessibleName(/: −50\.00, .*: 1,234\.56$/);

    expect(plots.map((plot) => [plot.target, plot.data[1]])).toEqual([
      [hourly, [150000, -2500]],
      [daily, [-5000, 123456]],
    ]);
    const fills = bars.mock.calls.map(([options]) =>
      options.disp!.fill!.values(plots[0] as never, 1, 0, 1),
    );
    expect(fills[0]![0]).not.toBe(fills[0]![1]);
    expect(fills[1]![1]).toBe(fills[0]![0]);

    const periods = screen.getByRole('table', { name: /./ });
    expect(within(periods).getAllByText('1,234.56').length).toBeGreaterThan(0);
  });
});
