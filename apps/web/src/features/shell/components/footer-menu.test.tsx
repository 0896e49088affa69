import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSystemStatus } from '../../../testing/factories';
import { ok } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const FOOTER = 'ফুটার মেনু';

async function footer() {
  return within(await screen.findByRole('navigation', { name: FOOTER }));
}

describe('footer menu', () => {
  it.each([
    '/m/login',
    '/m/register',
    '/m/register.html',
    '/m/forget',
    '/m/changePsw',
    '/m/notice',
    '/m/download',
    '/m/activity',
    '/m/help',
    '/m/activityDetail',
  ])('is hidden on %s', async (path) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: FOOTER })).not.toBeInTheDocument();
  });

  it.each(['/m/home', '/m/mine', '/m/voucherCenter', '/m/helpDetail'])(
    'shows on %s',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('navigation', { name: FOOTER })).toBeInTheDocument();
    },
  );

  it.each(['/m', '/m/', '/m/index', '/m/index.html', '/m/home'])(
    'highlights Home when opened at %s',
    async (path) => {
      renderApp(path);
      const nav = await footer();
      expect(nav.getByRole('link', { name: 'হোম' })).toHaveAttribute('aria-current', 'page');
      expect(nav.getByRole('link', { name: 'জমা' })).not.toHaveAttribute('aria-current');
    },
  );

  it('does not highlight Home elsewhere', async () => {
    renderApp('/m/mine');
    const nav = await footer();
    expect(nav.getByRole('link', { name: 'হোম' })).not.toHaveAttribute('aria-current');
  });

  it('links Promotion and Deposit, with the 100% badge on Deposit', async () => {
    renderApp('/m/home');
    const nav = await footer();
    expect(nav.getByRole('link', { name: 'প্রচারণা' })).toHaveAttribute('href', '/m/activity');
    const deposit = nav.getByRole('link', { name: 'জমা' });
    expect(deposit).toHaveAttribute('href', '/m/voucherCenter');
    expect(within(deposit).getByText('১০০%')).toBeVisible();
    expect(deposit).toHaveAccessibleDescription('১০০% জমা বোনাস');
  });

  it('sends a visitor from Member centre to login', async () => {
    const { user, pathname } = renderApp('/m/home');
    await user.click((await footer()).getByRole('link', { name: 'সদস্য কেন্দ্র' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'লগইন' })).toBeInTheDocument();
    expect(pathname()).toBe('/m/login');
  });

  it('takes a logged-in member to the member centre', async () => {
    renderApp('/m/home', { session: memberSession() });
    const nav = await footer();
    expect(nav.getByRole('link', { name: 'সদস্য কেন্দ্র' })).toHaveAttribute('href', '/m/member/home');
  });

  it('asks a trial account to register before the member centre', async () => {
    const { user } = renderApp('/m/home', { session: memberSession({ type: 4 }) });
    await user.click((await footer()).getByRole('button', { name: 'সদস্য কেন্দ্র' }));
    const dialog = await screen.findByRole('dialog', { name: 'ট্রায়াল অ্যাকাউন্ট' });
    expect(within(dialog).getByRole('link', { name: 'এখনই নিবন্ধন করুন' })).toHaveAttribute(
      'href',
      '/m/register',
    );
    await user.click(within(dialog).getByRole('button', { name: 'বাতিল' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the referral popup with the currency symbol and the ৭,৭৭৭ bonus in Bengali digits', async () => {
    const { user } = renderApp('/m/home', {
      api: { '/wps/system/status': ok(buildSystemStatus({ currencySymbol: '৳' })) },
    });
    await user.click((await footer()).getByRole('button', { name: 'আমন্ত্রণ' }));
    const dialog = await screen.findByRole('dialog', { name: 'বন্ধুদের আমন্ত্রণ জানান' });
    expect(within(dialog).getByText('৳৭,৭৭৭')).toBeVisible();
    expect(within(dialog).getByText(/৳৩৭৭/)).toBeVisible();
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));
    await user.click(within(dialog).getByRole('button', { name: 'বন্ধ করুন' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });
});
