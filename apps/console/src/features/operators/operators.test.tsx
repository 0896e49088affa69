import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { renderConsole, sessionAs } from '../../testing/render-console';

const operator = (id: string, username: string, role: string, locked = false) => ({
  id,
  username,
  role,
  locked,
  lockedOutUntil: null,
  mustChangePassword: false,
  lastLoginAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
});

describe('operators', () => {
  it('adds an operator and shows the one-time password and TOTP secret once', async () => {
    const user = userEvent.setup();
    const list = [operator('7', 'admin1', 'admin'), operator('8', 'sara', 'support')];
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('admin')),
      'GET /ops/api/operators': () => ok(list),
      'POST /ops/api/operators': () => {
        list.push(operator('9', 'nadia', 'finance'));
        return ok({
          username: 'nadia',
          password: 'one-time-Xy12',
          totpSecret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Khela:nadia?secret=JBSWY3DPEHPK3PXP',
        });
      },
      'PATCH /ops/api/operators/8': ok({}),
    });
    renderConsole('/ops/operators');
    const table = await screen.findByRole('table', { name: 'Operators' });
    expect(within(table).getByRole('row', { name: /sara/ })).toBeVisible();
    // Only an owner makes owners.
    expect(
      within(screen.getByLabelText('Role')).queryByRole('option', { name: 'Owner' }),
    ).toBeNull();

    await user.type(screen.getByLabelText('Username'), 'Nadia');
    await user.selectOptions(screen.getByLabelText('Role'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Add operator' }));
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Sign-in details for nadia');
    expect(within(shown).getByText('one-time-Xy12')).toBeVisible();
    expect(within(shown).getByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    expect(
      JSON.parse(
        api.calls('/ops/api/operators').find((call) => call.init?.method === 'POST')!.init
          ?.body as string,
      ),
    ).toEqual({
      username: 'nadia',
      role: 'finance',
    });
    await user.click(within(shown).getByRole('button', { name: 'I have handed them over' }));
    expect(screen.queryByText('one-time-Xy12')).not.toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /nadia/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Lock sara' }));
    expect(JSON.parse(api.calls('/ops/api/operators/8')[0]!.init?.body as string)).toEqual({
      locked: true,
    });
  });
});
