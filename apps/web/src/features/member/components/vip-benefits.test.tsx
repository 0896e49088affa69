import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { ok } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const level = (id: number, depositsMinor: number, turnoverMinor: number) => ({
  id,
  name: `VIP${id}`,
  depositsMinor,
  turnoverMinor,
  benefits: `Benefits of VIP${id}`,
});

describe('VIP benefits', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('shows the level held, each condition of the next with its bar, and every level', async () => {
    renderApp('/m/member/benefits', {
      api: {
        '/wps/member/vip': ok({
          levels: [level(0, 0, 0), level(1, 100_000, 500_000), level(2, 1_000_000, 5_000_000)],
          currentLevelId: 0,
          nextLevelId: 1,
          depositsMinor: 100_000,
          turnoverMinor: 125_000,
          progress: {
            completedConditions: 1,
            totalExpectedConditions: 2,
            progress: 0.5,
            percentage: 50,
            conditions: [
              {
                kind: 'deposits',
                requiredMinor: 100_000,
                achievedMinor: 100_000,
                fraction: 1,
                met: true,
              },
              {
                kind: 'turnover',
                requiredMinor: 500_000,
                achievedMinor: 125_000,
                fraction: 0.25,
                met: false,
              },
            ],
          },
        }),
      },
      session: memberSession(),
    });
    expect(await screen.findByRole('heading', { name: 'VIP0', level: 2 })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Progress to VIP1' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('progressbar', { name: 'Turnover' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByText('৳1,250.00 of ৳5,000.00')).toBeVisible();
    const levels = within(screen.getByRole('region', { name: 'VIP levels' }));
    expect(levels.getAllByRole('listitem')).toHaveLength(3);
    const vip1 = within(levels.getByRole('listitem', { name: 'VIP1' }));
    expect(vip1.getByText(/Deposits ৳1,000.00 · Turnover ৳5,000.00/)).toBeVisible();
    expect(levels.getByRole('listitem', { name: 'VIP0' })).toHaveAttribute('aria-current', 'true');
  });
});
