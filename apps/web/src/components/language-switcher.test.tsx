import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { renderApp } from '../testing/render-app';

/** The language is chosen in one place: the header's account menu (a visitor has one too). */
async function chooseInAccountMenu(user: UserEvent, menuName: string, language: string) {
  await user.click(await screen.findByRole('button', { name: menuName }));
  await user.click(await screen.findByRole('menuitemradio', { name: language }));
}

describe('language choice', () => {
  it('starts in Bengali and offers both languages by their own names in the account menu', async () => {
    const { user } = renderApp('/m/home');
    await user.click(await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' }));
    const group = await screen.findByRole('group', { name: 'ভাষা' });
    expect(within(group).getByRole('menuitemradio', { name: 'বাংলা' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(group).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(document.documentElement.lang).toBe('bn');
  });

  it('switches everything on screen to English and remembers it', async () => {
    const { user, api } = renderApp('/m/notice');
    await screen.findByRole('heading', { level: 1, name: 'ঘোষণা' });

    await chooseInAccountMenu(user, 'অ্যাকাউন্ট মেনু', 'English');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Announcement' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
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
    await chooseInAccountMenu(user, 'Account menu', 'বাংলা');
    expect(await screen.findByRole('heading', { level: 1, name: 'হোম' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('BN');
    expect(document.documentElement.lang).toBe('bn');
  });
});
