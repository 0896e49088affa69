import {
  CHAT_POLL_MS,
  type ChatMessage,
  type Conversation,
  type ConversationAnswer,
} from '@khela/contract/chat';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSystemStatus } from '../../../testing/factories';
import { failure, ok, requestUrl, type MockHandler } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const at = '2026-01-05T10:00:00.000Z';
const message = (id: number, author: ChatMessage['author'], body: string): ChatMessage => ({
  id: String(id),
  conversationId: '1',
  author,
  body,
  createdAt: at,
});
const openConversation: Conversation = {
  id: '1',
  status: 'open',
  createdAt: at,
  lastMessageAt: at,
  closedAt: null,
};
const answer = (
  messages: ChatMessage[],
  overrides: Partial<ConversationAnswer> = {},
): ConversationAnswer => ({
  conversation: openConversation,
  messages,
  hasEarlier: false,
  unReadCount: 0,
  ...overrides,
});

/** A chat server: the history, newer messages after an id, and what was sent. */
function chatServer(initial: ChatMessage[], unReadCount = 0) {
  const messages = [...initial];
  let unread = unReadCount;
  const conversation: MockHandler = (url) => {
    const after = url.searchParams.get('after');
    const before = url.searchParams.get('before');
    if (after)
      return ok(
        answer(
          messages.filter((m) => Number(m.id) > Number(after)),
          { unReadCount: unread },
        ),
      );
    if (before) return ok(answer(messages.filter((m) => Number(m.id) < Number(before))));
    return ok(answer(messages, { unReadCount: unread }));
  };
  const send: MockHandler = (_url, init) => {
    const body = jsonBody(init) as { body: string };
    const sent = message(messages.length + 100, 'player', body.body);
    messages.push(sent);
    return ok({ message: sent, conversation: openConversation });
  };
  const read: MockHandler = () => {
    unread = 0;
    return ok({ unReadCount: 0 });
  };
  return {
    messages,
    routes: {
      '/wps/chat/conversation': conversation,
      '/wps/chat/messages': send,
      '/wps/chat/read': read,
    },
    operatorSays(id: number, body: string) {
      messages.push(message(id, 'operator', body));
      unread += 1;
    },
  };
}

const jsonBody = (init: RequestInit | undefined): unknown =>
  JSON.parse(typeof init?.body === 'string' ? init.body : 'null');

/** The JSON bodies the page sent to `path`. */
const sentTo = (
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  path: string,
) =>
  fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).pathname === path)
    .map(([, init]) => jsonBody(init));

const LOG = 'বার্তাসমূহ';
const BOX = 'বার্তা';
const SEND = 'পাঠান';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  fireEvent(document, new Event('visibilitychange'));
}

/** The polling calls: those that ask for messages after the newest one held. */
const polls = (api: { calls(path: string): URL[] }) =>
  api.calls('/wps/chat/conversation').filter((url) => url.searchParams.has('after'));

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('chat page', () => {
  it('sends a logged-out visitor to login', async () => {
    const { pathname } = renderApp('/m/chat');
    await waitFor(() => expect(pathname()).toBe('/m/login'));
  });

  it('goes home while live chat (CBS3) is switched off', async () => {
    const { pathname } = renderApp('/m/chat', {
      session: memberSession(),
      api: { '/wps/system/status': ok(buildSystemStatus({ flags: { CBS3: false } })) },
    });
    await waitFor(() => expect(pathname()).toBe('/m/home'));
  });

  it('tells a guest to use a real account', async () => {
    const { api } = renderApp('/m/chat', { session: memberSession({ type: 4 }) });
    expect(await screen.findByText('এই সুবিধাটি ব্যবহার করতে আসল অ্যাকাউন্টে লগইন করুন')).toBeVisible();
    expect(screen.getByRole('link', { name: 'এখনই নিবন্ধন করুন' })).toHaveAttribute(
      'href',
      '/m/register',
    );
    expect(api.calls('/wps/chat/conversation')).toHaveLength(0);
  });

  it('shows the conversation as plain text, never as HTML', async () => {
    const server = chatServer([
      message(1, 'player', '<b>bold?</b> <img src=x onerror=alert(1)>'),
      message(2, 'operator', 'Hello!\nHow can we help?'),
    ]);
    const { container } = renderApp('/m/chat', { session: memberSession(), api: server.routes });
    const log = within(await screen.findByRole('log', { name: LOG }));
    expect(log.getByText('<b>bold?</b> <img src=x onerror=alert(1)>')).toBeVisible();
    expect(container.querySelector('b, img')).toBeNull();
    const items = log.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('আপনি');
    expect(items[1]).toHaveTextContent('গ্রাহক সেবা');
    expect(items[1]).toHaveTextContent('Hello! How can we help?');
  });

  it('greets a member who has not written yet', async () => {
    renderApp('/m/chat', { session: memberSession(), api: chatServer([]).routes });
    const log = within(await screen.findByRole('log', { name: LOG }));
    expect(log.getByText(/এখানে আমাদের লিখুন/)).toBeVisible();
  });

  it('sends a message: it appears in the chat and the box empties', async () => {
    const server = chatServer([]);
    const { user, api } = renderApp('/m/chat', { session: memberSession(), api: server.routes });
    const box = await screen.findByRole('textbox', { name: BOX });
    const send = screen.getByRole('button', { name: SEND });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, '  আমার জমা দেখা যাচ্ছে না  ');
    expect(screen.getByText('১,০০০টির মধ্যে ২৭টি অক্ষর')).toBeVisible();
    await user.click(send);

    const log = within(screen.getByRole('log', { name: LOG }));
    expect(await log.findByText('আমার জমা দেখা যাচ্ছে না')).toBeVisible();
    expect(box).toHaveValue('');
    expect(sentTo(api.fetchMock, '/wps/chat/messages')).toEqual([
      { body: 'আমার জমা দেখা যাচ্ছে না' },
    ]);
  });

  it('keeps the text and says why when a message is refused', async () => {
    const server = chatServer([]);
    const { user } = renderApp('/m/chat', {
      session: memberSession(),
      api: {
        ...server.routes,
        '/wps/chat/messages': failure(
          429,
          'rate.limited',
          'অনেক বেশি অনুরোধ, একটু অপেক্ষা করে আবার চেষ্টা করুন',
        ),
      },
    });
    const box = await screen.findByRole('textbox', { name: BOX });
    await user.type(box, 'hello');
    await user.click(screen.getByRole('button', { name: SEND }));
    expect(await screen.findByRole('alert')).toHaveTextContent('অনেক বেশি অনুরোধ');
    expect(box).toHaveValue('hello');
  });

  it('limits the box to 1000 characters', async () => {
    renderApp('/m/chat', { session: memberSession(), api: chatServer([]).routes });
    expect(await screen.findByRole('textbox', { name: BOX })).toHaveAttribute('maxlength', '1000');
  });

  it('marks unread answers with a divider and tells the server they were read', async () => {
    const server = chatServer(
      [
        message(1, 'player', 'hi'),
        message(2, 'operator', 'first'),
        message(3, 'operator', 'second'),
      ],
      2,
    );
    const { api } = renderApp('/m/chat', { session: memberSession(), api: server.routes });
    const log = within(await screen.findByRole('log', { name: LOG }));
    const items = log.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('hi'),
      'অপঠিত বার্তা: ২',
      expect.stringContaining('first'),
      expect.stringContaining('second'),
    ]);
    await waitFor(() => expect(api.calls('/wps/chat/read')).toHaveLength(1));
    expect(sentTo(api.fetchMock, '/wps/chat/read')).toEqual([{ lastMessageId: '3' }]);
  });

  it('marks nothing read while there is nothing unread', async () => {
    const server = chatServer([message(1, 'operator', 'old answer')], 0);
    const { api } = renderApp('/m/chat', { session: memberSession(), api: server.routes });
    await screen.findByRole('log', { name: LOG });
    expect(screen.queryByText(/অপঠিত বার্তা/)).not.toBeInTheDocument();
    expect(api.calls('/wps/chat/read')).toHaveLength(0);
  });

  it('shows a new answer while the page is visible, and asks only for newer messages', async () => {
    const server = chatServer([message(1, 'player', 'anyone there?')]);
    const { api } = renderApp('/m/chat', { session: memberSession(), api: server.routes });
    const log = within(await screen.findByRole('log', { name: LOG }));
    server.operatorSays(2, 'Yes, how can we help?');
    // Coming back to the page asks at once (otherwise every 3 s).
    act(() => setVisibility('visible'));
    expect(await log.findByText('Yes, how can we help?')).toBeVisible();
    const polls = api
      .calls('/wps/chat/conversation')
      .filter((url) => url.searchParams.has('after'));
    expect(polls[0]?.searchParams.get('after')).toBe('1');
    await waitFor(() => expect(api.calls('/wps/chat/read')).toHaveLength(1));
  });

  it('polls every 3 seconds on its own', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = chatServer([message(1, 'player', 'hello')]);
    const { api } = renderApp('/m/chat', { session: memberSession(), api: server.routes });
    const log = within(await screen.findByRole('log', { name: LOG }));
    server.operatorSays(2, 'Answer by the clock');
    await act(async () => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    expect(await log.findByText('Answer by the clock')).toBeVisible();
    expect(polls(api)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    await waitFor(() => expect(polls(api)).toHaveLength(2));
  });

  it('does not poll while the page is hidden, and asks at once when it shows again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = chatServer([message(1, 'player', 'hello')]);
    const { api } = renderApp('/m/chat', { session: memberSession(), api: server.routes });
    const log = within(await screen.findByRole('log', { name: LOG }));
    act(() => setVisibility('hidden'));
    server.operatorSays(2, 'Answered while away');
    // Three poll periods pass on the clock with the page hidden.
    await act(async () => vi.advanceTimersByTimeAsync(3 * CHAT_POLL_MS));
    expect(polls(api)).toEqual([]);
    expect(log.queryByText('Answered while away')).not.toBeInTheDocument();
    act(() => setVisibility('visible'));
    expect(await log.findByText('Answered while away')).toBeVisible();
    expect(polls(api)).toHaveLength(1);
  });

  it('loads earlier messages on request', async () => {
    const earlier = [message(1, 'player', 'the very first')];
    const { user } = renderApp('/m/chat', {
      session: memberSession(),
      api: {
        '/wps/chat/conversation': (url) =>
          url.searchParams.get('before') === '5'
            ? ok(answer(earlier))
            : ok(answer([message(5, 'operator', 'latest')], { hasEarlier: true })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'আগের বার্তা দেখুন' }));
    const log = within(screen.getByRole('log', { name: LOG }));
    expect(await log.findByText('the very first')).toBeVisible();
    expect(log.getAllByRole('listitem')[0]).toHaveTextContent('the very first');
    expect(screen.queryByRole('button', { name: 'আগের বার্তা দেখুন' })).not.toBeInTheDocument();
  });

  it('says when the conversation was closed', async () => {
    renderApp('/m/chat', {
      session: memberSession(),
      api: {
        '/wps/chat/conversation': ok(
          answer([message(1, 'player', 'bye')], {
            conversation: { ...openConversation, status: 'closed', closedAt: at },
          }),
        ),
      },
    });
    expect(await screen.findByText(/এই কথোপকথনটি বন্ধ করা হয়েছে/)).toBeVisible();
  });

  it('offers a retry when the conversation cannot be loaded', async () => {
    const { user, api } = renderApp('/m/chat', {
      session: memberSession(),
      api: { '/wps/chat/conversation': failure(500, 'system.unknown', 'Unknown error') },
    });
    const retry = await screen.findByRole('button', {
      name: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন',
    });
    api.set('/wps/chat/conversation', ok(answer([message(1, 'operator', 'back again')])));
    await user.click(retry);
    expect(await screen.findByText('back again')).toBeVisible();
  });

  it('leaves the chat to the page it came from', async () => {
    const { user, pathname, router } = renderApp(
      `/m/chat?backUrl=${encodeURIComponent('/m/help?i=1')}&language=BN`,
      { session: memberSession(), api: chatServer([]).routes },
    );
    await user.click(await screen.findByRole('link', { name: 'চ্যাট থেকে বের হন' }));
    await waitFor(() => expect(pathname()).toBe('/m/help'));
    expect(router.state.location.search).toBe('?i=1');
  });

  it('never leaves the site: another address goes home instead', async () => {
    renderApp(`/m/chat?backUrl=${encodeURIComponent('https://evil.example/')}`, {
      session: memberSession(),
      api: chatServer([]).routes,
    });
    expect(await screen.findByRole('link', { name: 'চ্যাট থেকে বের হন' })).toHaveAttribute(
      'href',
      '/m/home',
    );
  });
});
