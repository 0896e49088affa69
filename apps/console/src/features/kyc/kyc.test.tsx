import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../testing/mock-api';
import { renderConsole, sessionAs } from '../../testing/render-console';

const submission = {
  id: '31',
  memberId: '42',
  username: 'rahim',
  state: 'waiting',
  submittedAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  reason: null,
  images: (['front', 'back', 'selfie'] as const).map((side) => ({
    side,
    bytes: 1000,
    width: 640,
    height: 400,
    url: `/ops/api/kyc/31/images/${side}`,
  })),
  waitingWithdrawals: 1,
};

describe('identity checks', () => {
  it('shows the three images and rejects with a reason', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/ops/api/auth/me': ok(sessionAs('support')),
      '/ops/api/kyc': ok({ list: [submission], nextCursor: null, waitingCount: 1 }),
      'POST /ops/api/kyc/31/reject': ok({
        submission: { ...submission, state: 'rejected', reason: 'Blurred photo' },
        releasedWithdrawals: [],
      }),
    });
    renderConsole('/ops/kyc');
    await user.click(await screen.findByRole('button', { name: 'Open the check of rahim' }));
    const detail = screen.getByRole('region', { name: 'Identity check of rahim' });
    for (const name of ['Document front', 'Document back', 'Selfie']) {
      expect(within(detail).getByRole('img', { name })).toHaveAttribute(
        'src',
        expect.stringMatching(/^\/ops\/api\/kyc\/31\/images\//),
      );
    }
    await user.click(within(detail).getByRole('button', { name: 'Reject identity' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject identity' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Blurred photo');
    await user.click(within(dialog).getByRole('button', { name: 'Reject identity' }));
    expect(await screen.findByText('Identity of rahim rejected.')).toBeVisible();
    expect(JSON.parse(api.calls('/ops/api/kyc/31/reject')[0]!.init?.body as string)).toEqual({
      reason: 'Blurred photo',
    });
  });

  it('gives a viewer the images without a decision', async () => {
    const user = userEvent.setup();
    mockApi({
      '/ops/api/auth/me': ok(sessionAs('viewer')),
      '/ops/api/kyc': ok({ list: [submission], nextCursor: null, waitingCount: 1 }),
    });
    renderConsole('/ops/kyc');
    await user.click(await screen.findByRole('button', { name: 'Open the check of rahim' }));
    expect(screen.getByRole('img', { name: 'Selfie' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve identity' })).not.toBeInTheDocument();
  });
});
