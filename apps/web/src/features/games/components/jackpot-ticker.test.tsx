import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JackpotTicker } from './jackpot-ticker';

/** An IntersectionObserver the test drives: `show(false)` scrolls the ticker out of view. */
function fakeIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return (isIntersecting: boolean) =>
    act(() => {
      for (const callback of callbacks) {
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
}

function setPageHidden(hidden: boolean) {
  act(() => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const figure = () => screen.getByText(/^৳/).textContent;

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('jackpot ticker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    setPageHidden(false);
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('grows every few seconds while it is seen', () => {
    render(<JackpotTicker currencySymbol="৳" />);
    const start = figure();
    advance(5_000);
    expect(figure()).not.toBe(start);
  });

  it('stands still while the page is hidden, and grows again when it is shown', () => {
    render(<JackpotTicker currencySymbol="৳" />);
    setPageHidden(true);
    const hidden = figure();
    advance(60_000);
    expect(figure()).toBe(hidden);
    expect(vi.getTimerCount()).toBe(0);

    setPageHidden(false);
    advance(5_000);
    expect(figure()).not.toBe(hidden);
  });

  it('stands still while scrolled out of view, and grows again when back in view', () => {
    const show = fakeIntersectionObserver();
    render(<JackpotTicker currencySymbol="৳" />);
    show(false);
    const away = figure();
    advance(60_000);
    expect(figure()).toBe(away);
    expect(vi.getTimerCount()).toBe(0);

    show(true);
    advance(5_000);
    expect(figure()).not.toBe(away);
  });
});
