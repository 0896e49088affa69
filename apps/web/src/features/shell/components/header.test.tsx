import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';

const header = async () => within(await screen.findByRole('banner'));

describe('header', () => {
  it('shows the screen title as the page heading, in Bengali by default', async () => {
    renderApp('/m/forget');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'পাসওয়ার্ড ভুলে গেছেন' }),
    ).toBeInTheDocument();
  });

  it('offers Login and Register to a visitor', async () => {
    renderApp('/m/home');
    await screen.findByRole('heading', { level: 1, name: 'হোম' });
    expect((await header()).getByRole('link', { name: 'লগইন' })).toHaveAttribute(
      'href',
      '/m/login',
    );
    expect((await header()).getByRole('link', { name: 'নিবন্ধন' })).toHaveAttribute(
      'href',
      '/m/register',
    );
  });

  it('has no back button on home', async () => {
    renderApp('/m/home');
    await screen.findByRole('heading', { level: 1, name: 'হোম' });
    expect((await header()).queryByRole('button', { name: 'ফিরে যান' })).not.toBeInTheDocument();
  });

  it.each(['/m/login', '/m/register', '/m/activity', '/m/forget', '/m/download', '/m/mine'])(
    'goes home from %s, not to the page before',
    async (path) => {
      const { user, pathname } = renderApp(path, { history: ['/m/help', path] });
      await user.click((await header()).getByRole('button', { name: 'ফিরে যান' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'হোম' })).toBeInTheDocument();
      expect(pathname()).toBe('/m/home');
    },
  );

  it('goes one page back elsewhere', async () => {
    const { user, pathname } = renderApp('/m/notice', { history: ['/m/help', '/m/notice'] });
    await user.click((await header()).getByRole('button', { name: 'ফিরে যান' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'সাহায্য' })).toBeInTheDocument();
    expect(pathname()).toBe('/m/help');
  });

  it('goes home when the screen was opened directly and there is no page before', async () => {
    const { user, pathname } = renderApp('/m/notice');
    await user.click((await header()).getByRole('button', { name: 'ফিরে যান' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'হোম' })).toBeInTheDocument();
    expect(pathname()).toBe('/m/home');
  });

  it('follows the player through the app: Login link, then back home', async () => {
    const { user, pathname } = renderApp('/m/home');
    await screen.findByRole('heading', { level: 1, name: 'হোম' });
    await user.click((await header()).getByRole('link', { name: 'লগইন' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'লগইন' });
    // The new screen's title takes focus, so a screen reader announces it.
    expect(title).toHaveFocus();
    await user.click((await header()).getByRole('button', { name: 'ফিরে যান' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'হোম' })).toBeInTheDocument();
    expect(pathname()).toBe('/m/home');
  });
});
