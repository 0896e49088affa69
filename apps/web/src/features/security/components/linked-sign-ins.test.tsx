/** The security centre's linked sign-ins: the list, unlinking with the password, the last one kept. */
import type { LinkedIdentities } from '@khela/contract/social-login';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { failure, ok } from '../../../testing/mock-api';
import { LinkedSignIns } from './linked-sign-ins';
import { renderSection } from './security-test-utils';

const TELEGRAM = {
  provider: 'telegram' as const,
  email: null,
  linkedAt: '2026-03-01T08:00:00.000Z',
  lastUsedAt: null,
};
const GOOGLE = {
  provider: 'google' as const,
  email: 'ra***@example.com',
  linkedAt: '2026-02-01T08:00:00.000Z',
  lastUsedAt: null,
};

describe('linked sign-ins', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('unlinks one after the login password is re-entered, showing a wrong one', async () => {
    let answer: LinkedIdentities = { list: [GOOGLE, TELEGRAM], passwordSet: true };
    const sent: unknown[] = [];
    const { user } = renderSection(<LinkedSignIns token="test-token" />, {
      api: {
        '/wps/social/identities': () => ok(answer),
        '/wps/social/identities/google': (_url, init) => {
          const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
            password: string;
          };
          sent.push({ method: init?.method, ...body });
          if (body.password !== 'right-one') {
            return failure(403, 'wallet.reauthFailed', 'The login password is wrong', {
              triesLeft: 4,
            });
          }
          answer = { ...answer, list: [TELEGRAM] };
          return ok(answer);
        },
      },
    });
    const list = within(await screen.findByRole('list', { name: 'Linked sign-ins' }));
    const items = list.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Google');
    expect(items[0]).toHaveTextContent('ra***@example.com');

    await user.click(list.getByRole('button', { name: 'Unlink Google' }));
    const password = screen.getByLabelText('Login password');
    await user.type(password, 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Unlink now' }));
    expect(await screen.findByText('The login password is wrong')).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.type(password, 'right-one');
    await user.click(screen.getByRole('button', { name: 'Unlink now' }));
    expect(await screen.findByText('Google is no longer linked')).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Linked sign-ins' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(sent).toEqual([
      { method: 'DELETE', password: 'wrong-one' },
      { method: 'DELETE', password: 'right-one' },
    ]);
  });

  it('keeps the only sign-in of a member without a password, and says why', async () => {
    renderSection(<LinkedSignIns token="test-token" />, {
      api: { '/wps/social/identities': ok({ list: [TELEGRAM], passwordSet: false }) },
    });
    const list = within(await screen.findByRole('list', { name: 'Linked sign-ins' }));
    expect(list.getByText(/only way to log in/)).toBeVisible();
    expect(list.queryByRole('button', { name: 'Unlink Telegram' })).toBeNull();
  });

  it('says so when nothing is linked', async () => {
    renderSection(<LinkedSignIns token="test-token" />, {
      api: { '/wps/social/identities': ok({ list: [], passwordSet: true }) },
    });
    expect(await screen.findByText('No sign-in is linked to your account.')).toBeVisible();
  });
});
