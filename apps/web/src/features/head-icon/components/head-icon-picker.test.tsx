import type { HeadIcon } from '@khela/contract/head-icon';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { jsonBody } from '../../../testing/fake-crypto';
import { failure, ok, type MockHandler } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const memberInfo = ok({
  id: '7',
  nickname: 'Rahim Bhai',
  account: 'rahim',
  regDate: '2026-01-01T00:00:00.000Z',
  toUpline: null,
  type: 0,
  clubLabel: { labelName: 'VIP2', labelId: 2 },
  lastLoginAt: null,
});

const NONE: HeadIcon = { kind: 'none', drawnId: null, url: null };

function openCentre(headIcon: MockHandler) {
  return renderApp('/m/member/home', {
    api: {
      '/wps/member/info': memberInfo,
      '/wps/member/wallet': ok({ sumBalance: 10 }),
      '/wps/inbox/unread-count': ok(0),
      '/wps/relay/MCSFE_getPlayerRankProgress': ok({
        currentProgress: { completedConditions: 0, totalExpectedConditions: 2 },
        playerRankProgress: {
          labelId: 3,
          labelName: 'VIP3',
          currentLabelId: 2,
          currentLabelName: 'VIP2',
        },
      }),
      '/wps/member/headIcon': headIcon,
    },
    session: memberSession({ userName: 'rahim' }),
  });
}

const file = (name: string, bytes: number, type: string) =>
  new File([new Uint8Array(bytes).fill(0x41)], name, { type });

describe('head icon', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('chooses a drawn avatar, shown in the member centre and the header', async () => {
    let current = NONE;
    const sent: unknown[] = [];
    const { user } = openCentre((_url, init) => {
      if (init?.method === 'POST') {
        const body = jsonBody(init) as { drawnId: number };
        sent.push(body);
        current = {
          kind: 'drawn',
          drawnId: body.drawnId,
          url: `/wps/headIcon/drawn/${body.drawnId}.svg`,
        };
      }
      return ok(current);
    });
    await user.click(await screen.findByRole('button', { name: 'Change profile picture' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Profile picture' }));
    const avatars = dialog.getAllByRole('radio');
    expect(avatars).toHaveLength(12);
    expect(avatars.every((a) => a.getAttribute('aria-checked') === 'false')).toBe(true);
    await user.click(dialog.getByRole('radio', { name: 'Avatar 5' }));

    expect(await screen.findByText('Profile picture saved')).toBeVisible();
    expect(sent).toEqual([{ drawnId: 5 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The chosen picture in the member centre's button and in the header.
    const button = screen.getByRole('button', { name: 'Change profile picture' });
    expect(button.querySelector('img')).toHaveAttribute('src', '/wps/headIcon/drawn/5.svg');
    const banner = screen.getByRole('banner');
    await waitFor(() =>
      expect(banner.querySelector('img')).toHaveAttribute('src', '/wps/headIcon/drawn/5.svg'),
    );
    // Opened again, the chosen one is marked.
    await user.click(button);
    expect(
      within(await screen.findByRole('dialog')).getByRole('radio', { name: 'Avatar 5' }),
    ).toHaveAttribute('aria-checked', 'true');
  });

  it('uploads a photo as base64 and shows the server re-encoded picture', async () => {
    let current = NONE;
    let image = '';
    const { user } = openCentre((_url, init) => {
      if (init?.method === 'POST') {
        image = (jsonBody(init) as { image: string }).image;
        current = { kind: 'upload', drawnId: null, url: '/wps/headIcon/abc.webp' };
      }
      return ok(current);
    });
    await user.click(await screen.findByRole('button', { name: 'Change profile picture' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Profile picture' }));
    expect(
      dialog.getByText('PNG, JPEG or WebP, up to 2 MB. It is cropped to a square.'),
    ).toBeVisible();
    await user.upload(
      dialog.getByLabelText('Or upload your own photo'),
      file('me.jpg', 30, 'image/jpeg'),
    );
    expect(await screen.findByText('Profile picture saved')).toBeVisible();
    expect(image).toMatch(/^data:image\/jpeg;base64,QUFB/);
    const button = screen.getByRole('button', { name: 'Change profile picture' });
    await waitFor(() =>
      expect(button.querySelector('img')).toHaveAttribute('src', '/wps/headIcon/abc.webp'),
    );
  });

  it('refuses a file over 2 MB without sending it', async () => {
    const { user, api } = openCentre(() => ok(NONE));
    await user.click(await screen.findByRole('button', { name: 'Change profile picture' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Profile picture' }));
    await user.upload(
      dialog.getByLabelText('Or upload your own photo'),
      file('huge.png', 2 * 1024 * 1024 + 1, 'image/png'),
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent('The photo must be at most 2 MB');
    const posts = api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(0);
  });

  it("shows the server's refusal of a file that is not a picture, in Bengali", async () => {
    await changeLanguage('BN');
    const message = 'একটি ছবি বেছে নিন (PNG, JPEG বা WebP); এই ফাইলটি ছবি নয়';
    const { user } = openCentre((_url, init) =>
      init?.method === 'POST' ? failure(400, 'headIcon.imageType', message) : ok(NONE),
    );
    await user.click(await screen.findByRole('button', { name: 'প্রোফাইল ছবি বদলান' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'প্রোফাইল ছবি' }));
    await user.upload(
      dialog.getByLabelText('অথবা নিজের ছবি আপলোড করুন'),
      file('notes.png', 40, 'image/png'),
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    // Still open, still the silhouette.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
