import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { ok } from '../../../testing/mock-api';
import { buildProtection, renderWithSession } from './protection-test-utils';
import { nextCheckAt, RealityCheck } from './reality-check';

const MINUTE = 60_000;

describe('reality check', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('falls due at each whole interval since login', () => {
    expect(nextCheckAt(0, 15, 0)).toBe(15 * MINUTE);
    expect(nextCheckAt(0, 15, 14 * MINUTE)).toBe(15 * MINUTE);
    expect(nextCheckAt(0, 15, 15 * MINUTE)).toBe(30 * MINUTE);
    expect(nextCheckAt(0, 30, 71 * MINUTE)).toBe(90 * MINUTE);
  });

  it('shows time and net result every interval; Continue closes it, Log out ends the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const startedAt = new Date(Date.now() - 10 * MINUTE).toISOString();
    const protection = buildProtection({
      realityCheckMinutes: 15,
      session: { startedAt, restricted: false, netResultMinor: -25_050 },
    });
    const { user, api, pathname } = renderWithSession(<RealityCheck />, {
      api: {
        '/wps/protection': ok(protection),
        '/wps/session/logout': ok(null),
      },
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    await waitFor(() => expect(api.calls('/wps/protection')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE));
    let dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(within(dialog).getByText('You have been logged in for 15 min.')).toBeInTheDocument();
    expect(within(dialog).getByText('Your result since login: −৳250.50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(15 * MINUTE));
    dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(within(dialog).getByText('You have been logged in for 30 min.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(pathname()).toBe('/m/login'));
    expect(api.calls('/wps/session/logout')).toHaveLength(1);
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('stays quiet when the player has not chosen an interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderWithSession(<RealityCheck />, {
      api: { '/wps/protection': ok(buildProtection()) },
    });
    await waitFor(() => expect(api.calls('/wps/protection')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(180 * MINUTE));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
