/** The security centre's trusted devices: "This device", first and last seen, network, removal. */
import type { TrustedDevice } from '@khela/contract/step-up';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { ok } from '../../../testing/mock-api';
import { renderSection } from './security-test-utils';
import { TrustedDevices } from './trusted-devices';

const THIS = '33333333-3333-4333-8333-333333333333';
const PHONE = '44444444-4444-4444-8444-444444444444';

const DEVICES: TrustedDevice[] = [
  {
    id: THIS,
    device: { browser: 'Firefox', os: 'Windows' },
    firstSeenAt: '2026-03-01T08:00:00.000Z',
    lastSeenAt: '2026-03-02T10:30:00.000Z',
    network: '192.0.2.•',
    current: true,
  },
  {
    id: PHONE,
    device: { browser: 'Chrome', os: 'Android' },
    firstSeenAt: '2026-02-01T08:00:00.000Z',
    lastSeenAt: '2026-03-01T09:00:00.000Z',
    network: '2001:db8:85a3:•',
    current: false,
  },
];

describe('trusted devices', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('lists them with this device marked, and removes one', async () => {
    let list = DEVICES;
    const removed: string[] = [];
    const { user } = renderSection(<TrustedDevices token="test-token" />, {
      api: {
        '/wps/member/trusted-devices': () => ok({ list }),
        [`/wps/member/trusted-devices/${PHONE}`]: (_url, init) => {
          removed.push(init?.method ?? '');
          list = list.filter((device) => device.id !== PHONE);
          return ok({ removed: true });
        },
      },
    });
    const items = within(await screen.findByRole('list', { name: 'Trusted devices' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Firefox on Windows');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Network 192.0.2.•');
    expect(items[0]).toHaveTextContent(/First seen/);
    expect(items[1]).not.toHaveTextContent('This device');
    expect(items[1]).toHaveTextContent('Network 2001:db8:85a3:•');

    await user.click(
      screen.getByRole('button', { name: 'Remove Chrome on Android from trusted devices' }),
    );
    expect(
      await screen.findByText(
        'The device is removed; it will be asked for a code at its next login.',
      ),
    ).toBeInTheDocument();
    expect(removed).toEqual(['DELETE']);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Trusted devices' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('says when there are none, in Bengali too', async () => {
    await changeLanguage('BN');
    renderSection(<TrustedDevices token="test-token" />, {
      api: { '/wps/member/trusted-devices': ok({ list: [] }) },
    });
    expect(await screen.findByText('এখনও কোনো বিশ্বস্ত ডিভাইস নেই।')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'বিশ্বস্ত ডিভাইস' })).toBeInTheDocument();
  });
});
