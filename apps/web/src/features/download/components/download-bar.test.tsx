import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setDisplayModeStandalone, setUserAgent, USER_AGENTS } from '../../../testing/browser';
import { buildDownloadLink } from '../../../testing/factories';
import { ok } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const BAR = 'অ্যাপ ডাউনলোড';
const CLOSE = 'ডাউনলোড বার বন্ধ করুন';
const LEGACY_TIP = /আপনার iOS সংস্করণটি পুরনো/;

async function homeReady() {
  await screen.findByRole('heading', { level: 2, name: 'জনপ্রিয় গেম' });
}

describe('download bar', () => {
  it('offers the app on home', async () => {
    renderApp('/m/home');
    const bar = within(await screen.findByRole('complementary', { name: BAR }));
    expect(bar.getByText('Khela অ্যাপটি নিন')).toBeVisible();
    expect(bar.getByRole('button', { name: 'ইনস্টল' })).toBeVisible();
  });

  it('stays closed once the player closes it', async () => {
    const { user, unmount } = renderApp('/m/home');
    await user.click(await screen.findByRole('button', { name: CLOSE }));

    expect(screen.queryByRole('complementary', { name: BAR })).not.toBeInTheDocument();
    expect(localStorage.getItem('hideDownloadBar')).toBe('1');

    unmount();
    renderApp('/m/home');
    await homeReady();
    expect(screen.queryByRole('complementary', { name: BAR })).not.toBeInTheDocument();
  });

  it('never shows inside the installed web app, and remembers that', async () => {
    setDisplayModeStandalone(true);
    renderApp('/m/home');
    await homeReady();
    expect(screen.queryByRole('complementary', { name: BAR })).not.toBeInTheDocument();
    expect(localStorage.getItem('hideDownloadBar')).toBe('1');
  });

  it('never shows when iOS runs the site from the home screen', async () => {
    Object.defineProperty(window.navigator, 'standalone', { value: true, configurable: true });
    try {
      renderApp('/m/home');
      await homeReady();
      expect(screen.queryByRole('complementary', { name: BAR })).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window.navigator, 'standalone');
    }
  });

  it('is not on screens without the footer menu', async () => {
    renderApp('/m/help');
    await screen.findByRole('heading', { level: 1, name: 'সাহায্য' });
    expect(screen.queryByRole('complementary', { name: BAR })).not.toBeInTheDocument();
  });

  it.each([
    ['iOS 12.1', USER_AGENTS.iosSafari12_1],
    ['iOS 11.4', USER_AGENTS.iosSafari11_4],
  ])('adds the legacy tip on %s', async (_name, userAgent) => {
    setUserAgent(userAgent);
    renderApp('/m/home');
    const bar = within(await screen.findByRole('complementary', { name: BAR }));
    expect(bar.getByText(LEGACY_TIP)).toBeVisible();
  });

  it.each([
    ['iOS 12.2', USER_AGENTS.iosSafari12_2],
    ['iOS 17', USER_AGENTS.iosSafari17],
    ['Android', USER_AGENTS.androidChrome],
  ])('has no legacy tip on %s', async (_name, userAgent) => {
    setUserAgent(userAgent);
    renderApp('/m/home');
    const bar = within(await screen.findByRole('complementary', { name: BAR }));
    expect(bar.queryByText(LEGACY_TIP)).not.toBeInTheDocument();
  });

  it('adds a button for the iOS profile when there is one', async () => {
    const profile = buildDownloadLink('MOBILECONFIG', 'https://example.test/khela.mobileconfig');
    renderApp('/m/home', { api: { '/wps/system/download': ok([profile]) } });
    const bar = within(await screen.findByRole('complementary', { name: BAR }));
    expect(await bar.findByRole('link', { name: 'iOS প্রোফাইল ইনস্টল করুন' })).toHaveAttribute(
      'href',
      'https://example.test/khela.mobileconfig',
    );
  });

  it('has no profile button without a profile link', async () => {
    const { api } = renderApp('/m/home', {
      api: { '/wps/system/download': ok([buildDownloadLink('Android')]) },
    });
    const bar = within(await screen.findByRole('complementary', { name: BAR }));
    // The links have arrived (home's contact panel may ask for them too).
    await waitFor(() => expect(api.calls('/wps/system/download').length).toBeGreaterThan(0));
    expect(bar.queryByRole('link', { name: 'iOS প্রোফাইল ইনস্টল করুন' })).not.toBeInTheDocument();
  });

  it('asks for Safari when the profile is tapped in another iOS browser', async () => {
    setUserAgent(USER_AGENTS.iosChrome17);
    const { user } = renderApp('/m/home', {
      api: { '/wps/system/download': ok([buildDownloadLink('MOBILECONFIG')]) },
    });
    await user.click(await screen.findByRole('link', { name: 'iOS প্রোফাইল ইনস্টল করুন' }));
    expect(await screen.findByText('অ্যাপটি ইনস্টল করতে পেজটি Safari-তে খুলুন')).toBeVisible();
  });

  it('opens the download popup with the iPhone guide and the Safari message on iOS Chrome', async () => {
    setUserAgent(USER_AGENTS.iosChrome17);
    const { user } = renderApp('/m/home');
    await user.click(await screen.findByRole('button', { name: 'ইনস্টল' }));
    const popup = within(await screen.findByRole('dialog', { name: 'অ্যাপ ডাউনলোড করুন' }));
    expect(popup.getByText('অ্যাপটি ইনস্টল করতে পেজটি Safari-তে খুলুন')).toBeVisible();
    expect(popup.getByRole('tab', { name: 'আইফোন' })).toHaveAttribute('aria-selected', 'true');
    expect(popup.getByRole('tabpanel', { name: 'আইফোন' })).toHaveTextContent(
      'এই পাতাটি Safari-তে খুলুন।',
    );
  });

  it('opens the Android guide on Android and lets the player switch guides', async () => {
    setUserAgent(USER_AGENTS.androidChrome);
    const { user } = renderApp('/m/home', {
      api: { '/wps/system/download': ok([buildDownloadLink('Android')]) },
    });
    await user.click(await screen.findByRole('button', { name: 'ইনস্টল' }));
    const popup = within(await screen.findByRole('dialog', { name: 'অ্যাপ ডাউনলোড করুন' }));
    // Its guide shows once the links say there is a package.
    expect(await popup.findByRole('tab', { name: 'অ্যান্ড্রয়েড' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await popup.findByRole('link', { name: 'Android-এর জন্য ডাউনলোড' })).toHaveAttribute(
      'href',
      'https://example.test/android',
    );
    expect(popup.queryByText('অ্যাপটি ইনস্টল করতে পেজটি Safari-তে খুলুন')).not.toBeInTheDocument();

    await user.click(popup.getByRole('tab', { name: 'হোম স্ক্রিন' }));
    expect(popup.getByRole('tabpanel', { name: 'হোম স্ক্রিন' })).toBeVisible();
    expect(popup.queryByRole('tabpanel', { name: 'অ্যান্ড্রয়েড' })).not.toBeInTheDocument();
  });

  it('offers no Android guide or link until the operator sets a package: the home-screen guide', async () => {
    setUserAgent(USER_AGENTS.androidChrome);
    const { user, api } = renderApp('/m/home', {
      api: { '/wps/system/download': ok([buildDownloadLink('TELEGRAM')]) },
    });
    await user.click(await screen.findByRole('button', { name: 'ইনস্টল' }));
    const popup = within(await screen.findByRole('dialog', { name: 'অ্যাপ ডাউনলোড করুন' }));
    await waitFor(() => expect(api.calls('/wps/system/download').length).toBeGreaterThan(0));
    expect(await popup.findByRole('link', { name: 'টেলিগ্রাম চ্যানেল' })).toBeVisible();
    expect(popup.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['আইফোন', 'হোম স্ক্রিন']);
    expect(popup.getByRole('tab', { name: 'হোম স্ক্রিন' })).toHaveAttribute('aria-selected', 'true');
    expect(popup.queryByRole('link', { name: 'Android-এর জন্য ডাউনলোড' })).not.toBeInTheDocument();
    expect(popup.getByText(/অ্যাপ ফাইল এখনো প্রস্তুত নয়/)).toBeVisible();
  });
});
