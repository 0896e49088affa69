/** The agent portal's login screen (/m/agent/login) and its link from the member login. */
import type { AgentHome } from '@khela/contract/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes, buildLoginResult } from '../../../testing/accounts';
import { openSealed } from '../../../testing/fake-crypto';
import { failure, ok } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { forgetPublicKey } from '../api/sealed';

vi.mock('../../../lib/crypto', () => import('../../../testing/fake-crypto'));

const home: AgentHome = {
  currency: 'BDT',
  inviteCode: 'AB12CD34',
  from: '2026-11-20',
  to: '2026-11-26',
  teamCount: 4,
  newMembers: 1,
  activeMembers: 3,
  depositsMinor: 15_000_000,
  turnoverMinor: 12_000_000,
  members: [],
};

beforeEach(async () => {
  forgetPublicKey();
  await changeLanguage('EN');
});

// Two screens load and a form is typed into: slower than most on a busy machine.
describe('agent login', () => {
  it('is linked from the member login and takes an agent to the agent home', async () => {
    const payloads: unknown[] = [];
    const { user, pathname } = renderApp('/m/login', {
      api: {
        ...accountsRoutes(),
        '/wps/agent/login': (_url, init) => {
          payloads.push(openSealed(init));
          return ok(buildLoginResult({ userName: 'agent007', type: 1 }));
        },
        '/wps/agent/home': ok(home),
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Agent login' }));
    await waitFor(() => expect(pathname()).toBe('/m/agent/login'));
    // The member login is still leaving (page transition) and has a Username field too: type
    // into the agent form itself.
    const submit = await screen.findByRole('button', { name: 'Log in as agent' });
    const agentForm = within(submit.closest('form')!);
    await user.type(agentForm.getByLabelText('Username'), 'agent007');
    await user.type(agentForm.getByLabelText('Password'), 'Agent-pass-42');
    await user.click(submit);
    // Sealing the payload and loading the agent home take a while on a busy machine.
    await waitFor(() => expect(pathname()).toBe('/m/agent/home'), { timeout: 5_000 });
    expect(payloads).toEqual([
      { type: 'username', username: 'agent007', password: 'Agent-pass-42' },
    ]);
    expect(await screen.findByText('Active in the period')).toBeVisible();
  }, 20_000);

  it('tells a member that only agents log in here, in Bengali by default', async () => {
    await changeLanguage('BN');
    const { user, pathname } = renderApp('/m/agent/login', {
      api: {
        ...accountsRoutes(),
        '/wps/agent/login': failure(403, 'login.nonAgent', 'এজেন্ট ছাড়া কেউ লগইন করতে পারবে না'),
      },
    });
    await user.type(await screen.findByLabelText('ব্যবহারকারীর নাম'), 'rahim01');
    await user.type(screen.getByLabelText('পাসওয়ার্ড'), 'Secret-pass-42');
    await user.click(screen.getByRole('button', { name: 'এজেন্ট হিসেবে লগইন' }));
    expect(await screen.findByText('এজেন্ট ছাড়া কেউ লগইন করতে পারবে না')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(pathname()).toBe('/m/agent/login');
  }, 20_000);
});
