import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { renderConsole, sessionAs } from '../../testing/render-console';

const hit = {
  id: '42',
  username: 'rahim',
  mobile: '+880 1712345678',
  email: 'rahim@example.com',
  status: 'active',
  balanceMinor: 5000075,
  currency: 'BDT',
  createdAt: '2026-01-02T03:04:05.000Z',
  lastLoginAt: '2026-03-01T10:00:00.000Z',
};
const summary = {
  ...hit,
  nickname: 'Rahim',
  type: 0,
  vipLevel: 2,
  inviteCode: 'ABC123',
  upline: { username: 'agent7' },
  downlineCount: 0,
  registration: { at: '2026-01-02T03:04:05.000Z', ip: '10.0.0.1', domain: null, method: 'mobile' },
  tags: ['vip'],
  counts: { deposits: 1, withdrawals: 0, activeSessions: 2, notes: 0, linked: 1 },
};

describe('finding a member', () => {
  it('searches by mobile, lists the hits and opens the member with their tabs', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('support')),
      '/ops/api/members': ok({ items: [hit] }),
      '/ops/api/members/rahim': ok(summary),
      '/ops/api/members/rahim/logins': ok({
        items: [
          {
            kind: 'login',
            ip: '203.0.113.9',
            userAgent: 'Android',
            deviceId: 'dev-1',
            at: '2026-03-01T10:00:00.000Z',
          },
        ],
        nextBefore: null,
      }),
      '/ops/api/members/rahim/linked': ok({
        items: [
          {
            username: 'karim',
            status: 'disabled',
            via: [
              { kind: 'device', value: 'dev-1', logins: 3, lastSeenAt: '2026-03-02T04:00:00.000Z' },
              {
                kind: 'ip',
                value: '203.0.113.9',
                logins: 1,
                lastSeenAt: '2026-02-20T04:00:00.000Z',
              },
            ],
            lastSeenAt: '2026-03-02T04:00:00.000Z',
          },
        ],
      }),
      '/ops/api/members/karim': ok({ ...summary, id: '43', username: 'karim', status: 'disabled' }),
      'POST /ops/api/members/rahim/sessions/end': ok({ ended: 2 }),
    });
    renderConsole('/ops/members');

    await user.selectOptions(await screen.findByLabelText('Search by'), 'mobile');
    await user.type(screen.getByLabelText('Search for'), '017123');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const table = await screen.findByRole('table', { name: 'Members found: 1' });
    const [search] = api.calls('/ops/api/members');
    expect(search!.url.searchParams.get('q')).toBe('017123');
    expect(search!.url.searchParams.get('by')).toBe('mobile');
    const row = within(table).getByRole('row', { name: /rahim/ });
    expect(within(row).getByText('50,000.75')).toBeVisible();

    await user.click(within(row).getByRole('link', { name: 'rahim' }));
    expect(await screen.findByRole('heading', { name: 'Member rahim' })).toBeVisible();
    expect(await screen.findByText('agent7')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Logins' }));
    const logins = await screen.findByRole('table', { name: 'Logins' });
    expect(within(logins).getByRole('columnheader', { name: 'IP address' })).toBeVisible();
    expect(within(logins).getByText('203.0.113.9')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Linked accounts' }));
    const linked = await screen.findByRole('table', { name: 'Linked accounts' });
    const karim = within(linked).getByRole('row', { name: /karim/ });
    expect(within(karim).getByText(/^Device dev-1 · logins: 3 · last /)).toBeVisible();
    expect(within(karim).getByText(/^IP address 203\.0\.113\.9 · logins: 1 · last /)).toBeVisible();
    expect(within(karim).getByRole('cell', { name: '4' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'End sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'End every session of rahim' });
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('Sessions ended: 2.')).toBeVisible();
    expect(api.calls('/ops/api/members/rahim/sessions/end')[0]!.init?.headers).toMatchObject({
      'x-csrf-token': 'csrf-123',
    });

    // A linked account opens its own page.
    await user.click(screen.getByRole('link', { name: 'Linked accounts' }));
    await user.click(
      within(await screen.findByRole('table', { name: 'Linked accounts' })).getByRole('link', {
        name: 'karim',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Member karim' })).toBeVisible();
  });

  it('asks for a reason before changing a status, and shows the refusal in words', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('support')),
      '/ops/api/members/rahim': ok(summary),
      'POST /ops/api/members/rahim/status': {
        status: 403,
        body: { success: false, errorCode: 'ops.forbidden', message: 'Your role may not do this.' },
      },
    });
    renderConsole('/ops/members/rahim');
    await user.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable account' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Give a reason.')).toBeVisible();
    expect(api.calls('/ops/api/members/rahim/status')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your role may not do this.',
    );
    expect(JSON.parse(api.calls('/ops/api/members/rahim/status')[0]!.init?.body as string)).toEqual(
      {
        status: 'disabled',
        reason: 'Chargeback',
      },
    );
  });

  it('adjusts a balance in minor units and says when it waits for a second approval', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('finance')),
      '/ops/api/members/rahim': ok(summary),
      'POST /ops/api/wallet/adjustments': ok(
        {
          id: '9',
          state: 'waiting',
          username: 'rahim',
          amountMinor: -1500050,
          thresholdMinor: 1000000,
        },
        202,
      ),
    });
    renderConsole('/ops/members/rahim');
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the balance of rahim' });
    await user.type(within(dialog).getByLabelText('Amount'), '-15,000.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate credit');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
    expect(
      await screen.findByText('The adjustment of −15,000.50 waits for a second approval.'),
    ).toBeVisible();
    const body = JSON.parse(api.calls('/ops/api/wallet/adjustments')[0]!.init?.body as string);
    expect(body).toMatchObject({
      username: 'rahim',
      amountMinor: -1500050,
      reason: 'Duplicate credit',
    });
    expect(typeof body.key).toBe('string');
  });
});

describe("a member's trusted devices", () => {
  const devices = [
    {
      id: '0b6f3c1e-6a57-4d3c-9a38-8d1f2b9c7e01',
      device: { browser: 'Chrome', os: 'Android' },
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile',
      network: '203.0.113.0/24',
      firstSeenAt: '2026-02-01T10:00:00.000Z',
      lastSeenAt: '2026-03-01T10:00:00.000Z',
    },
    {
      id: '5c1d9e2a-3b4f-4e6a-8c7d-1e2f3a4b5c6d',
      device: { browser: null, os: null },
      userAgent: null,
      network: '198.51.100.0/24',
      firstSeenAt: '2026-01-05T10:00:00.000Z',
      lastSeenAt: '2026-01-06T10:00:00.000Z',
    },
  ];
  const PATH = '/ops/api/members/rahim/trusted-devices';

  it('lists them and removes one after a confirmation', async () => {
    const user = userEvent.setup();
    let listed = devices;
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('support')),
      '/ops/api/members/rahim': ok(summary),
      [PATH]: () => ok({ items: listed }),
      [`DELETE ${PATH}/${devices[0]!.id}`]: () => {
        listed = devices.slice(1);
        return ok({ removed: true });
      },
    });
    renderConsole('/ops/members/rahim');
    await user.click(await screen.findByRole('link', { name: 'Trusted devices' }));
    const table = await screen.findByRole('table', { name: 'Trusted devices' });
    expect(within(table).getByRole('cell', { name: 'Chrome, Android' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: 'Unknown device' })).toBeVisible();

    await user.click(
      within(table).getByRole('button', {
        name: 'Remove the trusted device Chrome, Android (203.0.113.0/24)',
      }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Remove the trusted device Chrome, Android',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`${PATH}/${devices[0]!.id}`)).toHaveLength(0);

    await user.click(
      within(table).getByRole('button', {
        name: 'Remove the trusted device Chrome, Android (203.0.113.0/24)',
      }),
    );
    await user.click(
      within(
        screen.getByRole('dialog', { name: 'Remove the trusted device Chrome, Android' }),
      ).getByRole('button', { name: 'Remove' }),
    );
    expect(
      await screen.findByText('The trusted device Chrome, Android was removed.'),
    ).toBeVisible();
    expect(api.calls(`${PATH}/${devices[0]!.id}`)[0]!.init?.method).toBe('DELETE');
    await expect
      .poll(() => screen.queryByRole('cell', { name: 'Chrome, Android' }))
      .not.toBeInTheDocument();
  });

  it('shows a viewer the devices without the remove button', async () => {
    mockApi({
      '/ops/api/auth/me': ok(sessionAs('viewer')),
      '/ops/api/members/rahim': ok(summary),
      [PATH]: ok({ items: devices }),
    });
    renderConsole('/ops/members/rahim/devices');
    expect(await screen.findByRole('cell', { name: 'Chrome, Android' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});
