import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { renderApp } from '../testing/render-app';

describe('language switcher', () => {
  it('starts in Bengali and offers both languages by their own names', async () => {
    renderApp('/m/home');
    const select = await screen.findByRole('combobox', { name: 'ভাষা' });
    expect(select).toHaveValue('BN');
    expect(within(select).getByRole('option', { name: 'বাংলা' })).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'English' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
  });

  it('switches everything on screen to English and remembers it', async () => {
    const { user, api } = renderApp('/m/notice');
    await screen.findByRole('heading', { level: 1, name: 'ঘোষণা' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'ভাষা' }), 'English');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Announcement' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('EN');
    expect(await screen.findByText('There are no announcements yet.')).toBeVisible();
    expect(localStorage.getItem('language')).toBe('EN');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Announcement | Khela');
    // The server is asked again, in English.
    await waitFor(() =>
      expect(api.calls('/wps/system/status').at(-1)?.searchParams.get('language')).toBe('EN'),
    );

    cleanup();
    renderApp('/m/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Footer menu' })).toBeInTheDocument();
  });

  it('starts in the language the player chose last time', async () => {
    localStorage.setItem('language', 'EN');
    vi.resetModules();
    const fresh = await import('../lib/i18n');
    // English strings load in their own chunk first.
    await fresh.i18nReady;
    expect(fresh.currentLanguage()).toBe('EN');
    expect(document.documentElement.lang).toBe('en');
    document.documentElement.lang = 'bn';
  });

  it('switches back to Bengali', async () => {
    await changeLanguage('EN');
    const { user } = renderApp('/m/home');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'বাংলা');
    expect(await screen.findByRole('heading', { level: 1, name: 'হোম' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('BN');
    expect(document.documentElement.lang).toBe('bn');
  });
});
