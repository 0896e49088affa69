import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../testing/mock-api';
import { renderConsole, sessionAs } from '../testing/render-console';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

describe('live counters', () => {
  it('shows the queues from the event stream and opens it again when the server closed it', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    mockApi({ '/ops/api/auth/me': ok(sessionAs('finance')), '/ops/api/dashboard': ok(null) });
    renderConsole('/ops/members');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    const [stream] = FakeEventSource.opened;
    expect(stream!.url).toBe('/ops/api/live');

    act(() =>
      stream!.send('counters', {
        pendingWithdrawals: 4,
        openChats: 2,
        kycWaiting: 0,
        adjustmentsWaiting: 1,
      }),
    );
    expect(within(nav).getByLabelText('4 waiting')).toHaveTextContent('4');
    expect(screen.getByText('Open chats: 2')).toBeVisible();

    vi.useFakeTimers();
    act(() => {
      stream!.close();
      stream!.onerror?.();
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    vi.useRealTimers();
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
