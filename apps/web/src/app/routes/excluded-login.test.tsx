/** The login screen for a player on a break: refused with the date, then the restricted login. */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPublicKey } from '../../features/auth/api/sealed';
import { changeLanguage } from '../../lib/i18n';
import { accountsRoutes, buildLoginResult } from '../../testing/accounts';
import { openSealed } from '../../testing/fake-crypto';
import { failure, ok, type MockHandler } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { buildProtection } from '../../features/protection/components/protection-test-utils';

vi.mock('../../lib/crypto', () => import('../../testing/fake-crypto'));

describe('login during a break', () => {
  beforeEach(async () => {
    forgetPublicKey();
    await changeLanguage('EN');
  });

  it('says until when, and offers a login to withdraw only that opens the protection page', async () => {
    const until = '2027-05-21T10:00:00.000Z';
    const exclusion = {
      kind: 'self_exclusion' as const,
      startsAt: new Date().toISOString(),
      until,
    };
    const payloads: Record<string, unknown>[] = [];
    const login: MockHandler = (_url, init) => {
      const payload = openSealed(init);
      payloads.push(payload);
      return payload.restricted
        ? ok({ ...buildLoginResult({ userName: 'rahim' }), exclusion })
        : failure(403, 'session.excluded', 'You are taking a break', {
            kind: 'self_exclusion',
            until,
            restrictedLogin: true,
          });
    };
    const { user, pathname } = renderApp('/m/login', {
      api: {
        ...accountsRoutes(),
        '/wps/session/login': login,
        '/wps/protection': ok(
          buildProtection({
            exclusion,
            session: { startedAt: new Date().toISOString(), restricted: true, netResultMinor: 0 },
          }),
        ),
      },
    });
    await user.type(await screen.findByLabelText('Username'), 'rahim');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByText(
        /^You are self-excluded until .*2027.*\. You cannot log in to play until then\.$/,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Log in to withdraw only' }));
    await waitFor(() => expect(pathname()).toBe('/m/responsibleGaming'));
    expect(payloads[1]).toMatchObject({ username: 'rahim', restricted: true });
    // The page's own way out (the header, once it has the session, has a Withdraw icon too).
    const page = within(screen.getByRole('main'));
    expect(await page.findByRole('link', { name: 'Withdraw' })).toHaveAttribute(
      'href',
      '/m/withdraw',
    );
  }, 20_000);
});
