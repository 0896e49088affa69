import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import {
  buildSystemStatus,
  maintenanceStatus,
  regionBlockedStatus,
} from '../../../testing/factories';
import { failure, ok } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const MESSAGE = 'আমরা সিস্টেম আপগ্রেড করছি। অনুগ্রহ করে কিছুক্ষণ পরে আবার আসুন।';

describe('system status pages', () => {
  it('shows the maintenance page with the server message when the status says 1', async () => {
    renderApp('/m/home', { api: { '/wps/system/status': ok(maintenanceStatus(MESSAGE)) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'রক্ষণাবেক্ষণ চলছে' })).toBeVisible();
    expect(screen.getByText(MESSAGE)).toBeVisible();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'ফুটার মেনু' })).not.toBeInTheDocument();
  });

  it('shows the region page when the status says 2', async () => {
    await changeLanguage('EN');
    renderApp('/m/help', { api: { '/wps/system/status': ok(regionBlockedStatus()) } });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Service not available in your region',
      }),
    ).toBeVisible();
    expect(screen.getByText('Your IP address: 203.0.113.7')).toBeVisible();
  });

  it('keeps the last status, so the maintenance page shows even when the network fails', async () => {
    localStorage.setItem(
      'systemStatus',
      JSON.stringify({ savedAt: Date.now(), value: maintenanceStatus(MESSAGE) }),
    );
    renderApp('/m/home', {
      api: { '/wps/system/status': failure(500, 'system.unknown', 'Unknown error') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'রক্ষণাবেক্ষণ চলছে' })).toBeVisible();
  });

  it('stores each fresh status for the next visit', async () => {
    renderApp('/m/home');
    await screen.findByRole('heading', { level: 1, name: 'হোম' });
    await waitFor(() => expect(localStorage.getItem('systemStatus')).not.toBeNull());
    const cached = JSON.parse(localStorage.getItem('systemStatus') ?? '{}') as {
      value?: { status?: number };
    };
    expect(cached.value?.status).toBe(0);
  });

  it('returns to the site when maintenance ends and the player retries', async () => {
    const { user, api } = renderApp('/m/home', {
      api: { '/wps/system/status': ok(maintenanceStatus(MESSAGE)) },
    });
    const retry = await screen.findByRole('button', { name: 'আবার চেষ্টা করুন' });
    api.set('/wps/system/status', ok(buildSystemStatus()));
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();
  });

  it('flips to the maintenance page when any call answers 503 system.maintenance', async () => {
    const { api } = renderApp('/m/help', {
      api: {
        '/wps/system/helpCenter': () => {
          api.set('/wps/system/status', ok(maintenanceStatus(MESSAGE)));
          return failure(503, 'system.maintenance', 'রক্ষণাবেক্ষণ');
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'রক্ষণাবেক্ষণ চলছে' })).toBeVisible();
    expect(screen.getByText(MESSAGE)).toBeVisible();
  });

  it('flips to the region page when any call answers 403 system.ipBlocked', async () => {
    const { api } = renderApp('/m/help', {
      api: {
        '/wps/system/helpCenter': () => {
          api.set('/wps/system/status', ok(regionBlockedStatus()));
          return failure(403, 'system.ipBlocked', 'blocked');
        },
      },
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'আপনার অঞ্চলে এই সেবা পাওয়া যায় না',
      }),
    ).toBeVisible();
  });

  it('shows no error toast for those answers', async () => {
    const { api } = renderApp('/m/home', {
      api: {
        '/wps/system/download': () => {
          api.set('/wps/system/status', ok(maintenanceStatus(MESSAGE)));
          return failure(503, 'system.maintenance', 'রক্ষণাবেক্ষণ');
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'রক্ষণাবেক্ষণ চলছে' })).toBeVisible();
    expect(api.calls('/wps/system/download').length).toBeGreaterThan(0);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('asks for the status again every 60 s and when the window regains focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderApp('/m/home');
    await screen.findByRole('heading', { level: 1, name: 'হোম' });
    await waitFor(() => expect(api.calls('/wps/system/status')).toHaveLength(1));

    api.set('/wps/system/status', ok(maintenanceStatus(MESSAGE)));
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByRole('heading', { level: 1, name: 'রক্ষণাবেক্ষণ চলছে' })).toBeVisible();
    expect(api.calls('/wps/system/status')).toHaveLength(2);

    api.set('/wps/system/status', ok(buildSystemStatus()));
    fireEvent.blur(window);
    fireEvent.focus(window);
    expect(await screen.findByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();
    expect(api.calls('/wps/system/status')).toHaveLength(3);
  });
});
