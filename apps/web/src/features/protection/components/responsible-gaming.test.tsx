import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { jsonBody } from '../../../testing/fake-crypto';
import { failure, ok, type MockHandler } from '../../../testing/mock-api';
import { buildProtection, renderWithSession } from './protection-test-utils';
import { ResponsibleGamingSection } from './responsible-gaming';

const DAY_LABEL = 'Limit for 24 hours (৳)';

describe('responsible gaming', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('shows the time since login, the limits in force and a raise waiting its 24 hours', async () => {
    const from = new Date(Date.now() + 20 * 3_600_000).toISOString();
    const protection = buildProtection();
    protection.depositLimits[0] = {
      period: 'day',
      amountMinor: 200_000,
      pending: { amountMinor: 800_000, from },
      usedMinor: 50_000,
      remainingMinor: 150_000,
    };
    renderWithSession(<ResponsibleGamingSection />, {
      api: { '/wps/protection': ok(protection) },
    });
    expect(await screen.findByText('Logged in 1 h 12 min')).toBeInTheDocument();
    expect(screen.getByLabelText(DAY_LABEL)).toHaveValue('8000');
    expect(screen.getByText('Deposited ৳500.00 of ৳2,000.00; ৳1,500.00 left')).toBeInTheDocument();
    expect(screen.getByText(/Your new limit of ৳8,000.00 applies from/)).toBeInTheDocument();
  });

  it('saves limits in minor units, empty fields as no limit', async () => {
    let sent: unknown;
    const put: MockHandler = (_url, init) => {
      sent = jsonBody(init);
      const next = buildProtection();
      next.depositLimits[0] = {
        period: 'day',
        amountMinor: 50_000,
        pending: null,
        usedMinor: 0,
        remainingMinor: 50_000,
      };
      return ok(next);
    };
    const { user } = renderWithSession(<ResponsibleGamingSection />, {
      api: {
        '/wps/protection': ok(buildProtection()),
        '/wps/protection/deposit-limits': put,
      },
    });
    await user.type(await screen.findByLabelText(DAY_LABEL), '500');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Your deposit limits are saved')).toBeInTheDocument();
    expect(sent).toEqual({ day: 50_000, week: null, month: null });
    expect(screen.getByText('Deposited ৳0.00 of ৳500.00; ৳500.00 left')).toBeInTheDocument();
  });

  it('refuses an amount that is not money, without a call', async () => {
    const { user, api } = renderWithSession(<ResponsibleGamingSection />, {
      api: { '/wps/protection': ok(buildProtection()) },
    });
    const field = await screen.findByLabelText(DAY_LABEL);
    await user.type(field, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(field).toHaveAccessibleDescription(
      'Enter an amount of at least 1, or leave it empty for no limit',
    );
    expect(api.calls('/wps/protection/deposit-limits')).toHaveLength(0);
  });

  it('self-excludes after the password is confirmed, then logs out to the login screen', async () => {
    let sent: unknown;
    const until = '2027-05-21T10:00:00.000Z';
    const { user, pathname } = renderWithSession(<ResponsibleGamingSection />, {
      api: {
        '/wps/protection': ok(buildProtection()),
        '/wps/protection/self-exclusion': (_url, init) => {
          sent = jsonBody(init);
          return ok({
            exclusion: { kind: 'self_exclusion', startsAt: new Date().toISOString(), until },
          });
        },
      },
    });
    await user.selectOptions(await screen.findByLabelText('Self-exclusion'), '1y');
    await user.click(screen.getByRole('button', { name: 'Self-exclude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your break' });
    expect(within(dialog).getByText(/cannot log in to play until/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Start my break' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Login password'), 'My-password-1');
    await user.click(confirm);
    await waitFor(() => expect(pathname()).toBe('/m/login'));
    expect(sent).toEqual({ duration: '1y', password: 'My-password-1' });
    expect(useSessionStore.getState().session).toBeNull();
    expect(await screen.findByText(/Your break has started/)).toBeInTheDocument();
  });

  it('keeps the dialog open with the message when the password is wrong', async () => {
    const { user, pathname } = renderWithSession(<ResponsibleGamingSection />, {
      api: {
        '/wps/protection': ok(buildProtection()),
        '/wps/protection/timeout': failure(400, 'validation.invalid', 'Please check: password', {
          fields: { password: ['incorrect password'] },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Take a time-out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your break' });
    await user.type(within(dialog).getByLabelText('Login password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Start my break' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('incorrect password');
    expect(pathname()).toBe('/m/responsibleGaming');
    expect(useSessionStore.getState().session).not.toBeNull();
  });

  it('shows the loss limits with the net loss and what is left, and saves them apart from deposit limits', async () => {
    const from = new Date(Date.now() + 20 * 3_600_000).toISOString();
    const protection = buildProtection();
    protection.lossLimits[1] = {
      period: 'week',
      amountMinor: 10_000,
      pending: { amountMinor: 30_000, from },
      usedMinor: 7_500,
      remainingMinor: 2_500,
    };
    let sent: unknown;
    const put: MockHandler = (_url, init) => {
      sent = jsonBody(init);
      const next = buildProtection();
      next.lossLimits[0] = {
        period: 'day',
        amountMinor: 5_000,
        pending: null,
        usedMinor: -1_000,
        remainingMinor: 6_000,
      };
      return ok(next);
    };
    const { user, api } = renderWithSession(<ResponsibleGamingSection />, {
      api: { '/wps/protection': ok(protection), '/wps/protection/loss-limits': put },
    });
    const form = await screen.findByRole('form', { name: 'Loss limits' });
    expect(within(form).getByLabelText('Loss limit for 7 days (৳)')).toHaveValue('300');
    expect(within(form).getByText('Net loss ৳75.00 of ৳100.00; ৳25.00 left')).toBeInTheDocument();
    expect(within(form).getByText(/Your new limit of ৳300.00 applies from/)).toBeInTheDocument();
    // The deposit limits keep their own fields.
    expect(screen.getByLabelText(DAY_LABEL)).toHaveValue('');

    await user.type(within(form).getByLabelText('Loss limit for 24 hours (৳)'), '50');
    await user.click(within(form).getByRole('button', { name: 'Save loss limits' }));
    expect(await screen.findByText('Your loss limits are saved')).toBeInTheDocument();
    expect(sent).toEqual({ day: 5_000, week: 30_000, month: null });
    expect(api.calls('/wps/protection/deposit-limits')).toHaveLength(0);
    // Ahead of the game: the net loss is negative and more than the limit is left.
    expect(within(form).getByText('Net loss −৳10.00 of ৳50.00; ৳60.00 left')).toBeInTheDocument();
  });

  it('tells a player on a break in a restricted session what they can still do', async () => {
    renderWithSession(<ResponsibleGamingSection />, {
      api: {
        '/wps/protection': ok(
          buildProtection({
            exclusion: {
              kind: 'self_exclusion',
              startsAt: new Date().toISOString(),
              until: '2027-05-21T10:00:00.000Z',
            },
            session: {
              startedAt: new Date().toISOString(),
              restricted: true,
              netResultMinor: 0,
            },
          }),
        ),
      },
    });
    expect(await screen.findByText(/You are self-excluded until/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/withdraw');
  });
});
