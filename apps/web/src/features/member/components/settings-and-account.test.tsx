import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { ok } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

describe('settings and my account', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('settings: hide balance, language, and the way to security and password', async () => {
    const { user } = renderApp('/m/set', { session: memberSession() });
    const hide = await screen.findByRole('switch', { name: /Hide balance/ });
    expect(hide).not.toBeChecked();
    await user.click(hide);
    expect(hide).toBeChecked();
    expect(useSessionStore.getState().hideBalance).toBe(true);
    expect(screen.getAllByRole('combobox', { name: 'Language' }).length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: 'Security centre' })).toHaveAttribute(
      'href',
      '/m/securityCenter',
    );
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/m/changePsw',
    );
  });

  it('my account: the profile fields from the member info call', async () => {
    renderApp('/m/myAccount/index', {
      api: {
        '/wps/member/info': ok({
          id: '42',
          nickname: null,
          account: 'karim',
          regDate: '2026-01-05T08:00:00.000Z',
          toUpline: 'agent7',
          type: 0,
          clubLabel: null,
          lastLoginAt: null,
        }),
      },
      session: memberSession(),
    });
    const main = within(await screen.findByRole('main'));
    const account = await main.findByText('karim');
    expect(account.previousElementSibling).toHaveTextContent('Account');
    expect(main.getByText('42')).toBeVisible();
    expect(main.getByText('agent7')).toBeVisible();
    expect(main.getByText('Member')).toBeVisible();
    expect(main.getAllByText('Not set')).toHaveLength(2);
  });
});
