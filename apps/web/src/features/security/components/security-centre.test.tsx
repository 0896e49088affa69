import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { ok } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';
import { buildSummary } from './security-test-utils';

describe('security centre screen', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('shows the security sections above the withdrawal accounts', async () => {
    renderApp('/m/securityCenter', {
      api: {
        ...accountsRoutes(),
        '/wps/member/wallet': ok({ sumBalance: 0 }),
        '/wps/member/security': ok(buildSummary()),
      },
      session: memberSession(),
    });
    await screen.findByRole('list', { name: 'Active sessions' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const order = [
      'Login password',
      'Payment password',
      'Bound mobile and e-mail',
      'Active sessions',
      'Login history',
      'Withdrawal accounts',
    ].map((title) => titles.indexOf(title));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
