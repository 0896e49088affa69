import { THROTTLE_MS } from '@khela/contract/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, buildAnnouncements, buildNotice, sentBodies } from '../../../testing/content';
import { failure, ok, type MockHandler } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const notices = [
  buildNotice(1, { title: 'New slots this week', startDate: '2026-02-10T08:00:00.000Z' }),
  buildNotice(2, {
    title: 'Deposits in 2 minutes',
    startDate: '2026-02-08T08:00:00.000Z',
    content: '<p>Mobile wallet deposits are <strong>fast</strong> now.</p>',
  }),
];
const answer = buildAnnouncements({ player: notices, announcement: [] });

/** The fake server keeps read marks, as the real one does. */
function noticeApi() {
  const read = new Set<number>();
  const list: MockHandler = () =>
    ok({
      ...answer,
      player: answer.player!.map((notice) => ({ ...notice, read: read.has(notice.id) })),
    });
  const mark: MockHandler = (_url, init) => {
    const body = bodyOf(init) as { announcementId: number };
    read.add(body.announcementId);
    return ok({ announcementId: body.announcementId, read: true });
  };
  return { '/wps/announcement': list, '/wps/announcement/read': mark };
}

describe('notices (/m/notice)', () => {
  it('lists titles, start dates as day month year in Bengali digits and a text preview, all closed', async () => {
    const { api } = renderApp('/m/notice', { api: noticeApi() });
    const first = await screen.findByRole('button', { name: /New slots this week/ });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveTextContent('১০ ফেব্রুয়ারি ২০২৬');
    const second = screen.getByRole('button', { name: /Deposits in 2 minutes/ });
    expect(second).toHaveTextContent('Mobile wallet deposits are fast now.');
    expect(api.calls('/wps/announcement')[0]?.searchParams.get('types')).toBe('A,PL');
  });

  it('opens the item ?index= points at and shows its HTML body', async () => {
    renderApp('/m/notice?index=1', { api: noticeApi() });
    const region = await screen.findByRole('region', { name: /Deposits in 2 minutes/ });
    expect(within(region).getByText('fast').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: /New slots this week/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('marks an item read when a member opens it, once, and shows it read', async () => {
    // The mark is sent after a 150 ms throttle; the test moves that clock on itself.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api } = renderApp('/m/notice', {
      api: noticeApi(),
      session: memberSession(),
    });
    const item = await screen.findByRole('button', { name: /New slots this week/ });
    expect(item).toHaveTextContent('অপঠিত');
    await user.click(item);
    await waitFor(() => expect(item).not.toHaveTextContent('অপঠিত'));
    expect(item).toHaveTextContent('পঠিত');
    await waitFor(() => expect(api.calls('/wps/announcement/read')).toHaveLength(1));
    expect(sentBodies(api, '/wps/announcement/read')).toEqual([{ announcementId: 1, read: true }]);
    // Closing and opening again sends nothing more.
    await user.click(item);
    await user.click(item);
    await act(async () => vi.advanceTimersByTimeAsync(THROTTLE_MS.readMark));
    expect(api.calls('/wps/announcement/read')).toHaveLength(1);
  });

  it('never marks for a visitor or a trial account', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const visitor = renderApp('/m/notice', { api: noticeApi() });
    await visitor.user.click(await screen.findByRole('button', { name: /New slots this week/ }));
    expect(screen.getByRole('region', { name: /New slots this week/ })).toBeVisible();
    visitor.unmount();

    const trial = renderApp('/m/notice', {
      api: noticeApi(),
      session: memberSession({ type: 4 }),
    });
    await trial.user.click(await screen.findByRole('button', { name: /New slots this week/ }));
    expect(screen.getByRole('region', { name: /New slots this week/ })).toBeVisible();
    // A member's mark would have gone by now: the throttle's time has passed.
    await act(async () => vi.advanceTimersByTimeAsync(THROTTLE_MS.readMark));
    expect(visitor.api.calls('/wps/announcement/read')).toHaveLength(0);
    expect(trial.api.calls('/wps/announcement/read')).toHaveLength(0);
  });

  it('says so when there are no notices, and offers a retry when loading fails', async () => {
    const empty = renderApp('/m/notice', { api: { '/wps/announcement': ok({ player: [] }) } });
    expect(await screen.findByText('এখনো কোনো ঘোষণা নেই।')).toBeVisible();
    empty.unmount();

    const { user, api } = renderApp('/m/notice', {
      api: { '/wps/announcement': failure(400, 'validation.invalid', 'চিহ্নিত ঘরগুলো আবার দেখুন') },
    });
    const retry = await screen.findByRole('button', {
      name: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন',
    });
    api.set('/wps/announcement', noticeApi()['/wps/announcement']);
    await user.click(retry);
    expect(await screen.findByRole('button', { name: /New slots this week/ })).toBeVisible();
  });
});

describe('one notice (/m/noticeDetail)', () => {
  it('shows the notice ?id= names and marks it read for a member', async () => {
    const { api } = renderApp('/m/noticeDetail?id=2', {
      api: noticeApi(),
      session: memberSession(),
    });
    const article = within(await screen.findByRole('article'));
    expect(article.getByRole('heading', { level: 2, name: 'Deposits in 2 minutes' })).toBeVisible();
    expect(article.getByText('৮ ফেব্রুয়ারি ২০২৬')).toBeVisible();
    expect(article.getByRole('link', { name: 'সব ঘোষণা' })).toHaveAttribute('href', '/m/notice');
    await waitFor(() => expect(api.calls('/wps/announcement/read')).toHaveLength(1));
  });

  it('says when the notice does not exist', async () => {
    renderApp('/m/noticeDetail?id=77', { api: noticeApi() });
    expect(await screen.findByText('এই ঘোষণাটি পাওয়া যায়নি।')).toBeVisible();
  });
});
