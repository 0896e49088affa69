import { screen, within } from '@testing-library/react';
import type { KycStatus } from '@khela/contract/kyc';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { jsonBody } from '../../../testing/fake-crypto';
import { failure, ok, type MockHandler } from '../../../testing/mock-api';
import { IdentitySection } from './identity-section';
import { renderSection } from './security-test-utils';

const TOKEN = 'test-token';

const status = (overrides: Partial<KycStatus> = {}): KycStatus => ({
  state: 'none',
  submittedAt: null,
  decidedAt: null,
  reason: null,
  canUpload: true,
  waitingWithdrawals: 0,
  ...overrides,
});

const photo = (name: string, bytes = 3, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes).fill(0xff)], name, { type });

describe('identity check in the security centre', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('sends the front, back and selfie from the camera and shows the check waiting', async () => {
    let current = status({ waitingWithdrawals: 1 });
    let sent: Record<string, unknown> | undefined;
    const kyc: MockHandler = (_url, init) => {
      if (init?.method === 'POST') {
        sent = jsonBody(init);
        current = status({
          state: 'waiting',
          canUpload: false,
          submittedAt: '2026-03-02T10:00:00Z',
        });
      }
      return ok(current);
    };
    const { user } = renderSection(<IdentitySection token={TOKEN} />, {
      api: { '/wps/member/kyc': kyc },
    });
    const section = await screen.findByRole('region', { name: 'Identity check' });
    expect(await within(section).findByText('Not verified yet.')).toBeInTheDocument();
    expect(within(section).getByText('Withdrawals waiting for this check: 1')).toBeInTheDocument();

    const front = screen.getByLabelText('ID card, front');
    const back = screen.getByLabelText('ID card, back');
    const selfie = screen.getByLabelText('Selfie');
    for (const input of [front, back, selfie]) {
      expect(input).toHaveAttribute('type', 'file');
      expect(input).toHaveAttribute('accept', 'image/*');
    }
    expect(front).toHaveAttribute('capture', 'environment');
    expect(selfie).toHaveAttribute('capture', 'user');

    // Nothing chosen: each field says so and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Send documents' }));
    expect(front).toHaveAccessibleDescription('Choose a photo');
    expect(front).toHaveFocus();
    expect(sent).toBeUndefined();

    await user.upload(front, photo('front.jpg'));
    await user.upload(back, photo('back.jpg'));
    await user.upload(selfie, photo('me.jpg'));
    expect(front).toHaveAccessibleDescription('front.jpg');
    await user.click(screen.getByRole('button', { name: 'Send documents' }));

    expect(await screen.findByText(/Your documents were sent/)).toBeInTheDocument();
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Your documents are being checked.',
    );
    expect(screen.queryByLabelText('Selfie')).not.toBeInTheDocument();
    expect(Object.keys(sent ?? {}).sort()).toEqual(['back', 'front', 'selfie']);
    expect((sent?.front as { data: string }).data).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('refuses a photo above 5 MB before sending, and marks the field the server refused', async () => {
    let posts = 0;
    const kyc: MockHandler = (_url, init) => {
      if (init?.method !== 'POST') return ok(status());
      posts += 1;
      return failure(400, 'kyc.imageType', 'Identity images must be photos (JPG, PNG or WebP)', {
        field: 'back',
      });
    };
    const { user } = renderSection(<IdentitySection token={TOKEN} />, {
      api: { '/wps/member/kyc': kyc },
    });
    const front = await screen.findByLabelText('ID card, front');
    await user.upload(front, photo('huge.jpg', 5 * 1024 * 1024 + 1));
    await user.upload(screen.getByLabelText('ID card, back'), photo('back.jpg'));
    await user.upload(screen.getByLabelText('Selfie'), photo('me.jpg'));
    await user.click(screen.getByRole('button', { name: 'Send documents' }));
    expect(front).toHaveAccessibleDescription('The photo must be at most 5 MB');
    expect(posts).toBe(0);

    await user.upload(front, photo('front.jpg'));
    await user.click(screen.getByRole('button', { name: 'Send documents' }));
    const back = screen.getByLabelText('ID card, back');
    expect(await screen.findByText('Identity images must be photos (JPG, PNG or WebP)')).toBe(
      document.getElementById(back.getAttribute('aria-describedby')!),
    );
    expect(back).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(1);
  });

  it('shows a rejection with its reason in Bengali and lets the player send again', async () => {
    await changeLanguage('BN');
    renderSection(<IdentitySection token={TOKEN} />, {
      api: {
        '/wps/member/kyc': ok(status({ state: 'rejected', reason: 'ছবি অস্পষ্ট', canUpload: true })),
      },
    });
    const section = await screen.findByRole('region', { name: 'পরিচয় যাচাই' });
    await within(section).findByText('আপনার কাগজপত্র অনুমোদিত হয়নি।');
    expect(within(section).getByRole('status')).toHaveTextContent(
      'আপনার কাগজপত্র অনুমোদিত হয়নি। কারণ: ছবি অস্পষ্ট',
    );
    expect(within(section).getByLabelText('সেলফি')).toBeInTheDocument();
  });

  it('shows a verified identity without the form', async () => {
    renderSection(<IdentitySection token={TOKEN} />, {
      api: { '/wps/member/kyc': ok(status({ state: 'approved', canUpload: false })) },
    });
    expect(await screen.findByText('Your identity is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send documents' })).not.toBeInTheDocument();
  });
});
