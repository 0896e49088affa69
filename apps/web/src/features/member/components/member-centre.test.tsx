import { type FlagName } from '@khela/contract/flags';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { buildSystemStatus } from '../../../testing/factories';
import { ok, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const memberInfo = ok({
  id: '7',
  nickname: 'Rahim Bhai',
  account: 'rahim',
  regDate: '2026-01-01T00:00:00.000Z',
  toUpline: null,
  type: 0,
  clubLabel: null,
  lastLoginAt: null,
});

const progress = (completed: number, expected: number, labelId: number | null = 2) =>
  ok({
    currentProgress: { completedConditions: completed, totalExpectedConditions: expected },
    playerRankProgress: {
      labelId,
      labelName: labelId === null ? null : `VIP${labelId}`,
      currentLabelId: 1,
      currentLabelName: 'VIP1',
    },
  });

function status(
  flags: Partial<Record<FlagName, boolean>> = {},
  template = { mem_cen: 1 as 0 | 1, dep_func: 1 as 0 | 1 },
) {
  const value = buildSystemStatus({ flags });
  value.info.mobileTemplate = template;
  return ok(value);
}

function openCentre(api: MockRoutes = {}, type = 0, path = '/m/member/home') {
  return renderApp(path, {
    api: {
      '/wps/member/info': memberInfo,
      '/wps/member/wallet': ok({ sumBalance: 1234.5 }),
      '/wps/inbox/unread-count': ok(3),
      '/wps/relay/MCSFE_getPlayerRankProgress': progress(1, 2),
      ...api,
    },
    session: memberSession({ userName: 'rahim', type }),
  });
}

const entries = async () =>
  within(await screen.findByRole('navigation', { name: 'Member centre menu' }));

describe('member centre', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('shows every entry whose flag is on, each to its screen', async () => {
    openCentre();
    const menu = await entries();
    await menu.findByRole('link', { name: 'Deposit records' });
    const expected: Array<[string, string]> = [
      ['Deposit records', '/m/vouReport'],
      ['Withdraw records', '/m/withdrawReport'],
      ['Transaction records', '/m/transaction/record'],
      ['Game records', '/m/gameRecord'],
      ['Profit and loss', '/m/profitandloss'],
      ['Reward centre', '/m/rewardCenter'],
      ['Bonuses', '/m/bonus'],
      ['Manual rebate', '/m/member/manualRebate'],
      ['Inbox', '/m/webEmail'],
      ['Feedback', '/m/feedback'],
      ['Security centre', '/m/securityCenter'],
      ['Responsible gaming', '/m/responsibleGaming'],
      ['Help centre', '/m/help'],
    ];
    for (const [name, href] of expected) {
      expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // Upline transfer is off by default; agent home is for agents only.
    expect(menu.queryByRole('link', { name: 'Transfer to upline' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Agent home' })).not.toBeInTheDocument();
  });

  it('shows the bonus part of the balance, leading to the bonus page, in both languages', async () => {
    const { user, pathname } = openCentre({
      '/wps/member/wallet': ok({ sumBalance: 1700, cashBalance: 500, bonusBalance: 1200 }),
    });
    const bonus = await screen.findByRole('link', { name: 'Bonus ৳1,200.00' });
    expect(screen.getByTestId('member-balance')).toHaveTextContent('৳1,700.00');
    await changeLanguage('BN');
    expect(await screen.findByRole('link', { name: 'বোনাস ৳১,২০০.০০' })).toBe(bonus);
    await user.click(bonus);
    await waitFor(() => expect(pathname()).toBe('/m/bonus'));
  });

  it('hides the entries whose flags are off', async () => {
    openCentre({
      '/wps/system/status': status({
        DEPRECM3: false,
        WITHREC3: false,
        TRANSREC3: false,
        TRANSBETREPMEM3: false,
        PERSREP: false,
        REWCEN3: false,
        MANPLAYREB3: false,
        MAILCEN: false,
        FEEDBACK3: false,
        AGETRANSFERUP3: true,
      }),
    });
    const menu = await entries();
    expect(await menu.findByRole('link', { name: 'Transfer to upline' })).toBeVisible();
    expect(menu.queryByRole('link', { name: 'Deposit records' })).not.toBeInTheDocument();
    for (const name of [
      'Withdraw records',
      'Transaction records',
      'Game records',
      'Profit and loss',
      'Reward centre',
      'Manual rebate',
      'Inbox',
      'Feedback',
    ]) {
      expect(menu.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(menu.getByRole('link', { name: 'Transfer to upline' })).toBeVisible();
    expect(menu.getByRole('link', { name: 'Security centre' })).toBeVisible();
    // No inbox: no header button either.
    expect(screen.queryByRole('link', { name: /^Inbox/ })).not.toBeInTheDocument();
  });

  it('gives agents their home and keeps upline transfer from type 2', async () => {
    openCentre({ '/wps/system/status': status({ AGETRANSFERUP3: true }) }, 2);
    const menu = await entries();
    expect(await menu.findByRole('link', { name: 'Agent home' })).toHaveAttribute(
      'href',
      '/m/agent/home',
    );
    expect(menu.queryByRole('link', { name: 'Transfer to upline' })).not.toBeInTheDocument();
  });

  it('new template: a balance card with shortcuts, entries grouped under headings', async () => {
    openCentre();
    const menu = await entries();
    expect(await menu.findByRole('heading', { name: 'Records' })).toBeVisible();
    expect(menu.getByRole('heading', { name: 'Rewards' })).toBeVisible();
    expect(menu.getByRole('heading', { name: 'Services' })).toBeVisible();
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts' }));
    expect(shortcuts.getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/m/voucherCenter',
    );
    expect(shortcuts.getByRole('link', { name: 'Withdraw' })).toHaveAttribute(
      'href',
      '/m/withdraw',
    );
    expect(shortcuts.getByRole('link', { name: 'Security centre' })).toHaveAttribute(
      'href',
      '/m/securityCenter',
    );
    expect(shortcuts.getByRole('button', { name: 'Invite friends' })).toBeVisible();
  });

  it('classic template (mem_cen and dep_func 0): one plain list, no headings', async () => {
    openCentre({ '/wps/system/status': status({}, { mem_cen: 0, dep_func: 0 }) });
    const menu = await entries();
    expect(await menu.findByRole('link', { name: 'Deposit records' })).toBeVisible();
    expect(menu.queryByRole('heading', { name: 'Records' })).not.toBeInTheDocument();
    expect(menu.getAllByRole('list')).toHaveLength(1);
  });

  it('keeps the new template when only dep_func is 1', async () => {
    openCentre({ '/wps/system/status': status({}, { mem_cen: 0, dep_func: 1 }) });
    expect(await (await entries()).findByRole('heading', { name: 'Records' })).toBeVisible();
  });

  it('has header buttons to settings, inbox (with its unread count) and my account', async () => {
    openCentre({ '/wps/inbox/unread-count': ok(120) });
    expect(await screen.findByRole('link', { name: 'Inbox, 99+ unread' })).toHaveAttribute(
      'href',
      '/m/webEmail',
    );
    expect(screen.getByTestId('inbox-badge')).toHaveTextContent('99+');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/m/set');
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute(
      'href',
      '/m/myAccount/index',
    );
  });

  it('shows the balance with 2 decimals and hides it behind asterisks', async () => {
    const { user } = openCentre();
    const balance = await screen.findByTestId('member-balance');
    await waitFor(() => expect(balance).toHaveTextContent('৳1,234.50'));
    const toggles = screen.getAllByRole('button', { name: 'Hide balance' });
    await user.click(toggles.at(-1)!);
    expect(balance).toHaveTextContent('****');
  });

  it('shows the VIP bar as the floor of completed / expected, opening the benefits', async () => {
    openCentre({ '/wps/relay/MCSFE_getPlayerRankProgress': progress(1, 3) });
    const bar = await screen.findByRole('progressbar', { name: 'Progress to VIP2' });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('33%')).toBeVisible();
    expect(bar.closest('a')).toHaveAttribute('href', '/m/member/benefits');
  });

  it('shows the VIP bar full when there is no next rank label', async () => {
    openCentre({ '/wps/relay/MCSFE_getPlayerRankProgress': progress(0, 2, null) });
    const bar = await screen.findByRole('progressbar', { name: 'Top VIP level reached' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it('has no VIP bar while VIPBENEFIT3 is off', async () => {
    const { api } = openCentre({ '/wps/system/status': status({ VIPBENEFIT3: false }) });
    await (await entries()).findByRole('link', { name: 'Deposit records' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(api.calls('/wps/relay/MCSFE_getPlayerRankProgress')).toHaveLength(0);
  });

  it('gives a guest the trial prompt and never asks for an inbox count', async () => {
    const { api, user, pathname } = openCentre({}, 4);
    expect(await screen.findByRole('heading', { name: 'Trial account' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Register now' })).toHaveAttribute(
      'href',
      '/m/register',
    );
    expect(api.calls('/wps/inbox/unread-count')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
  });

  it('sends a visitor to login, from /m/mine too', async () => {
    const view = renderApp('/m/mine');
    await waitFor(() => expect(view.pathname()).toBe('/m/login'));
  });
});
