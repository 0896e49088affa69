import { SESSION_END_MESSAGES } from '@khela/contract/session-end-messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { ok } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';
import { buildSummary, THIS_SESSION } from './security-test-utils';

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

  it('ending the session on this device leads to login, which says why', async () => {
    const { user, pathname } = renderApp('/m/securityCenter', {
      api: {
        ...accountsRoutes(),
        '/wps/member/security': ok(buildSummary()),
        [`/wps/member/sessions/${THIS_SESSION}`]: ok({ ended: 1, currentEnded: true }),
      },
      session: memberSession(),
    });
    const sessions = within(await screen.findByRole('list', { name: 'Active sessions' }));
    await user.click(sessions.getByRole('button', { name: 'End the session on this device' }));
    await waitFor(() => expect(pathname()).toBe('/m/login'), { timeout: 10_000 });
    expect(await screen.findByText(SESSION_END_MESSAGES.endedElsewhere.EN)).toHaveAttribute(
      'role',
      'alert',
    );
  }, 30_000);
});
