import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { ok, type MockHandler } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const message = (id: string, title: string, read: boolean, sender = 'operator') => ({
  id,
  sender,
  topic: sender === 'operator' ? 'operator.message' : 'withdrawal.paid',
  title,
  body: `${title} body text`,
  createdAt: '2026-11-20T10:00:00.000Z',
  read,
});

function openInbox(unread = 1) {
  const list = [
    message('2', 'Bonus ready', false),
    message('1', 'Withdrawal paid', true, 'system'),
  ];
  const readCalls: string[] = [];
  const read: MockHandler = (url) => {
    readCalls.push(url.pathname);
    return ok({ unreadCount: 0 });
  };
  const view = renderApp('/m/webEmail', {
    api: {
      '/wps/inbox': ok({ list, nextCursor: null, unreadCount: unread }),
      '/wps/inbox/2/read': read,
      '/wps/inbox/read-all': read,
      '/wps/inbox/unread-count': ok(unread),
    },
    session: memberSession(),
  });
  return { ...view, readCalls };
}

describe('inbox', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('lists messages with an unread dot; opening one shows it and marks it read', async () => {
    const { user, readCalls } = openInbox();
    const unreadItem = await screen.findByRole('button', { name: /Unread:\s*Bonus ready/ });
    expect(screen.getByRole('button', { name: /^Withdrawal paid/ })).toBeVisible();
    expect(screen.getByText('1 unread')).toBeVisible();
    expect(screen.queryByText('Bonus ready body text')).not.toBeVisible();

    await user.click(unreadItem);
    expect(await screen.findByText('Bonus ready body text')).toBeVisible();
    expect(readCalls).toEqual(['/wps/inbox/2/read']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Bonus ready/ })).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
    expect(screen.queryByText('1 unread')).not.toBeInTheDocument();
  });

  it('marks all read at once', async () => {
    const { user, readCalls } = openInbox();
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(readCalls).toEqual(['/wps/inbox/read-all']));
    expect(screen.queryByRole('button', { name: /Unread:/ })).not.toBeInTheDocument();
  });

  it('says when there are no messages', async () => {
    renderApp('/m/webEmail', {
      api: { '/wps/inbox': ok({ list: [], nextCursor: null, unreadCount: 0 }) },
      session: memberSession(),
    });
    expect(await screen.findByText('No messages yet.')).toBeVisible();
  });

  it('gives a guest no inbox', async () => {
    const { api } = renderApp('/m/webEmail', { session: memberSession({ type: 4 }) });
    const note = within(await screen.findByRole('region', { name: 'Trial account' }));
    expect(note.getByText('Please login an actual account to use this function')).toBeVisible();
    expect(api.calls('/wps/inbox')).toHaveLength(0);
  });
});
