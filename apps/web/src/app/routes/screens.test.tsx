import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUserAgent, USER_AGENTS } from '../../testing/browser';
import { buildDownloadLink } from '../../testing/factories';
import { failure, ok } from '../../testing/mock-api';
import { memberSession, renderApp } from '../../testing/render-app';

describe('home', () => {
  it('shows the hot games and says the site is for 18 and over', async () => {
    renderApp('/m/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'জনপ্রিয় গেম' })).toBeVisible();
    expect(await screen.findByText(/১৮ বছর বা তার বেশি বয়সী খেলোয়াড়দের জন্য/)).toBeVisible();
  });

  it('greets a logged-in member by name instead of offering Login and Register', async () => {
    renderApp('/m/home', { session: memberSession({ userName: 'rahim' }) });
    const header = within(await screen.findByRole('banner'));
    expect(header.getByText('rahim')).toBeVisible();
    expect(header.queryByRole('link', { name: 'লগইন' })).not.toBeInTheDocument();
  });

  it('sends a player whose session ran out to login, logged out', async () => {
    const { pathname } = renderApp('/m/help', {
      session: memberSession(),
      api: {
        '/wps/system/helpCenter': failure(
          401,
          'session.expired',
          'অ্যাকাউন্ট থেকে লগআউট হয়েছে, অনুগ্রহ করে আবার লগইন করুন',
        ),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'লগইন' })).toBeVisible();
    expect(pathname()).toBe('/m/login');
    expect(sessionStorage.getItem('MC_SESSION_INFO')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'লগইন' })).toBeVisible();
  });
});

describe('download page', () => {
  it('shows the app rating and the links by resource type', async () => {
    await import('../../lib/i18n').then((m) => m.changeLanguage('EN'));
    renderApp('/m/download', {
      api: {
        '/wps/system/download': ok([
          buildDownloadLink('IOS'),
          buildDownloadLink('Android'),
          buildDownloadLink('MOBILECONFIG'),
          buildDownloadLink('TELEGRAM'),
          buildDownloadLink('FACEBOOK'),
          buildDownloadLink('AppDownloadIcon'),
        ]),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Download' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
    expect(screen.getByText('5.0')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Download for iOS' })).toHaveAttribute(
      'href',
      'https://example.test/ios',
    );
    expect(screen.getByRole('link', { name: 'Download for Android' })).toHaveAttribute(
      'href',
      'https://example.test/android',
    );
    expect(screen.getByRole('link', { name: 'Install iOS profile' })).toBeVisible();
    const telegram = screen.getByRole('link', { name: 'Telegram channel' });
    expect(telegram).toHaveAttribute('target', '_blank');
    expect(telegram).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Facebook page' })).toBeVisible();
    expect(screen.getByRole('tablist', { name: 'How to install' })).toBeVisible();
  });

  it('explains when there is nothing to download yet, and drops unsafe links', async () => {
    renderApp('/m/download', {
      api: { '/wps/system/download': ok([buildDownloadLink('Android', 'javascript:alert(1)')]) },
    });
    expect(await screen.findByText(/অ্যাপ ফাইল এখনো প্রস্তুত নয়/)).toBeVisible();
    // The rating in Bengali digits, as every number on the site.
    expect(screen.getByRole('img', { name: 'রেটিং ৫-এর মধ্যে ৫.০' })).toBeVisible();
    expect(screen.getByText('৫.০')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Android-এর জন্য ডাউনলোড' })).not.toBeInTheDocument();
    // No package, no Android guide: the iPhone and home-screen guides only.
    expect(screen.queryByRole('tab', { name: 'অ্যান্ড্রয়েড' })).not.toBeInTheDocument();
  });

  it("gives the iPhone's add-to-home-screen guide, each step with its drawn icon", async () => {
    setUserAgent(USER_AGENTS.iosSafari17);
    renderApp('/m/download', { api: { '/wps/system/download': ok([]) } });
    const tab = await screen.findByRole('tab', { name: 'আইফোন' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const steps = within(screen.getByRole('tabpanel', { name: 'আইফোন' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'এই পাতাটি Safari-তে খুলুন।',
      'স্ক্রিনের নিচে শেয়ার বোতামে চাপুন।',
      'নিচে স্ক্রল করে "হোম স্ক্রিনে যোগ করুন" চাপুন।',
      '"যোগ করুন" চাপুন। Khela আপনার হোম স্ক্রিনে দেখা যাবে।',
    ]);
    for (const step of steps) expect(step.querySelector('svg path')).not.toBeNull();
    // Nothing on the page links to a file that is not there.
    expect(screen.queryAllByRole('link', { name: /ডাউনলোড/ })).toHaveLength(0);
  });
});
