import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setDisplayModeStandalone } from '../../../testing/browser';
import { buildSystemStatus } from '../../../testing/factories';
import { ok } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

async function openMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'মেনু' }));
  return within(await screen.findByRole('dialog', { name: 'প্রধান মেনু' }));
}

describe('side menu', () => {
  it('opens as a dialog, locks page scroll, and closes when the player navigates', async () => {
    const { user, pathname } = renderApp('/m/home');
    const menu = await openMenu(user);
    // The lock is an effect of the open dialog: it may land a tick after the dialog shows.
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));

    await user.click(menu.getByRole('link', { name: 'প্রচারণা' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'প্রচারণা' })).toBeInTheDocument();
    expect(pathname()).toBe('/m/activity');
    // The menu closes in an effect of the navigation, which may land a tick after the heading.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on any navigation, even one it did not start', async () => {
    const { user, router } = renderApp('/m/home');
    await openMenu(user);
    await router.navigate('/m/help');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.style.overflow).toBe('');
  });

  it('closes with its close button and with Escape, giving scroll back', async () => {
    const { user } = renderApp('/m/home');
    let menu = await openMenu(user);
    await user.click(menu.getByRole('button', { name: 'মেনু বন্ধ করুন' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');

    menu = await openMenu(user);
    expect(menu.getByRole('link', { name: 'হোম' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(screen.getByRole('button', { name: 'মেনু' })).toHaveFocus();
  });

  it('lists the reward centre only while REWCEN3 is on', async () => {
    const { user } = renderApp('/m/home', {
      api: { '/wps/system/status': ok(buildSystemStatus({ flags: { REWCEN3: true } })) },
    });
    const menu = await openMenu(user);
    expect(menu.getByRole('link', { name: 'পুরস্কার কেন্দ্র' })).toHaveAttribute(
      'href',
      '/m/rewardCenter',
    );
  });

  it('hides the reward centre while REWCEN3 is off', async () => {
    const { user } = renderApp('/m/home', {
      api: { '/wps/system/status': ok(buildSystemStatus({ flags: { REWCEN3: false } })) },
    });
    await screen.findByRole('heading', { level: 2, name: 'জনপ্রিয় গেম' });
    const menu = await openMenu(user);
    expect(menu.queryByRole('link', { name: 'পুরস্কার কেন্দ্র' })).not.toBeInTheDocument();
  });

  it('offers VIP benefits to visitors, and to members while VIPBENEFIT3 is on', async () => {
    const visitor = renderApp('/m/home');
    let menu = await openMenu(visitor.user);
    expect(menu.getByRole('link', { name: 'ভিআইপি সুবিধা' })).toHaveAttribute(
      'href',
      '/m/member/benefits',
    );
    visitor.unmount();

    const member = renderApp('/m/home', {
      session: memberSession(),
      api: { '/wps/system/status': ok(buildSystemStatus({ flags: { VIPBENEFIT3: false } })) },
    });
    await screen.findByRole('heading', { level: 2, name: 'জনপ্রিয় গেম' });
    menu = await openMenu(member.user);
    expect(menu.queryByRole('link', { name: 'ভিআইপি সুবিধা' })).not.toBeInTheDocument();
  });

  it.each([
    { who: 'a visitor', session: undefined, referral: false, shown: true },
    { who: 'a member while REFERRAL is on', session: memberSession(), referral: true, shown: true },
    {
      who: 'a member while REFERRAL is off',
      session: memberSession(),
      referral: false,
      shown: false,
    },
    { who: 'an agent', session: memberSession({ type: 1 }), referral: true, shown: false },
    { who: 'a type 41 agent', session: memberSession({ type: 41 }), referral: true, shown: false },
  ])('offers the invite entry to $who: $shown', async ({ session, referral, shown }) => {
    const { user } = renderApp('/m/home', {
      ...(session && { session }),
      api: { '/wps/system/status': ok(buildSystemStatus({ flags: { REFERRAL: referral } })) },
    });
    await screen.findByRole('heading', { level: 2, name: 'জনপ্রিয় গেম' });
    const menu = await openMenu(user);
    expect(menu.getByRole('link', { name: 'হোম' })).toBeInTheDocument();
    expect(menu.queryByRole('button', { name: 'বন্ধুদের আমন্ত্রণ জানান' }) !== null).toBe(shown);
  });

  it('leads to the help centre', async () => {
    const { user, pathname } = renderApp('/m/home');
    const menu = await openMenu(user);
    await user.click(menu.getByRole('link', { name: 'সাহায্য কেন্দ্র' }));
    await waitFor(() => expect(pathname()).toBe('/m/help'));
  });

  it('opens the referral popup in its place', async () => {
    const { user } = renderApp('/m/home');
    const menu = await openMenu(user);
    await user.click(menu.getByRole('button', { name: 'বন্ধুদের আমন্ত্রণ জানান' }));
    const popup = await screen.findByRole('dialog', { name: 'বন্ধুদের আমন্ত্রণ জানান' });
    expect(within(popup).getByText('৳৭,৭৭৭')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'প্রধান মেনু' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));
  });

  it('opens the download popup with the install guides', async () => {
    const { user } = renderApp('/m/home');
    const menu = await openMenu(user);
    await user.click(menu.getByRole('button', { name: 'অ্যাপ ডাউনলোড' }));
    const popup = await screen.findByRole('dialog', { name: 'অ্যাপ ডাউনলোড করুন' });
    expect(within(popup).getByRole('tablist', { name: 'কীভাবে ইনস্টল করবেন' })).toBeVisible();
  });

  it('offers no app download inside the installed app', async () => {
    setDisplayModeStandalone(true);
    const { user } = renderApp('/m/home');
    const menu = await openMenu(user);
    expect(menu.queryByRole('button', { name: 'অ্যাপ ডাউনলোড' })).not.toBeInTheDocument();
  });
});

describe('side menu live chat', () => {
  it('is offered only while CBS3 is on, and sends a logged-out player to login', async () => {
    const off = renderApp('/m/home', {
      api: { '/wps/system/status': ok(buildSystemStatus({ flags: { CBS3: false } })) },
    });
    let menu = await openMenu(off.user);
    expect(menu.queryByRole('button', { name: 'লাইভ চ্যাট' })).not.toBeInTheDocument();
    off.unmount();

    const on = renderApp('/m/home', {
      api: { '/wps/system/status': ok(buildSystemStatus({ flags: { CBS3: true } })) },
    });
    menu = await openMenu(on.user);
    await on.user.click(menu.getByRole('button', { name: 'লাইভ চ্যাট' }));
    await waitFor(() => expect(on.pathname()).toBe('/m/login'));
  });
});
