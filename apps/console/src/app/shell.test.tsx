import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, mockApi, ok } from '../testing/mock-api';
import { renderConsole, sessionAs } from '../testing/render-console';

const member = {
  id: '42',
  username: 'rahim',
  mobile: '+880 1712345678',
  email: null,
  status: 'active',
  balanceMinor: 123450,
  currency: 'BDT',
  createdAt: '2026-01-02T03:04:05.000Z',
  lastLoginAt: null,
  nickname: null,
  type: 0,
  vipLevel: null,
  inviteCode: 'ABC123',
  upline: null,
  downlineCount: 0,
  registration: { at: '2026-01-02T03:04:05.000Z', ip: '10.0.0.1', domain: null, method: 'mobile' },
  tags: [],
  counts: { deposits: 1, withdrawals: 0, activeSessions: 2, notes: 0, linked: 0 },
};

describe('the shell by role', () => {
  it('shows a viewer only the sections a viewer may read, and no action on a member', async () => {
    mockApi({
      '/ops/api/auth/me': ok(sessionAs('viewer')),
      '/ops/api/members/rahim': ok(member),
    });
    renderConsole('/ops/members/rahim');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Members',
      'Money desk',
      'Identity checks',
      'Agent contracts',
      'Responsible gaming',
      'Reports',
    ]);
    expect(await screen.findByRole('heading', { name: 'Member rahim' })).toBeVisible();
    expect(await screen.findByText('1,234.50')).toBeVisible();
    for (const name of [
      'Disable account',
      'End sessions',
      'Send password reset',
      'Adjust balance',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('tells an operator who opens a section of another role that it is not theirs', async () => {
    mockApi({ '/ops/api/auth/me': ok(sessionAs('content')) });
    renderConsole('/ops/money');
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryByRole('link', { name: 'Money desk' })).not.toBeInTheDocument();
  });

  it('gives support the member actions, and signs out', async () => {
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('support')),
      '/ops/api/members/rahim': ok(member),
      'POST /ops/api/auth/logout': ok({}),
    });
    renderConsole('/ops/members/rahim');
    expect(await screen.findByRole('button', { name: 'End sessions' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).not.toBeInTheDocument();
    api.set('/ops/api/auth/me', failure(401, 'ops.unauthorized', 'Sign in first.'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Back office sign in' })).toBeVisible();
    expect(api.calls('/ops/api/auth/logout')[0]!.init?.headers).toMatchObject({
      'x-csrf-token': 'csrf-123',
    });
  });

  it('switches the console to Bengali', async () => {
    mockApi({ '/ops/api/auth/me': ok(sessionAs('viewer')), '/ops/api/dashboard': ok(null) });
    renderConsole('/ops/members');
    await screen.findByRole('navigation', { name: 'Sections' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'BN');
    expect(await screen.findByRole('navigation', { name: 'বিভাগ' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'সদস্য' })).toBeVisible();
    expect(document.documentElement.lang).toBe('bn');
  });
});
