import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GrandJackpot, JackpotTicker } from './jackpot-ticker';
import { changeLanguage } from '../../../lib/i18n';

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

describe('grand jackpot (the second display)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    setPageHidden(false);
    Reflect.deleteProperty(document, 'visibilityState');
  });

  const shown = () => screen.getByText(/^৳/, { selector: '[aria-hidden="true"]' });

  it('counts from 787,756,899.13 up to 787,757,899.13 and holds there', async () => {
    await changeLanguage('EN');
    render(<GrandJackpot currencySymbol="৳" />);
    expect(screen.getByText('Grand jackpot')).toBeVisible();
    expect(shown()).toHaveTextContent('৳787,756,899.13');
    // Screen readers get the figure it arrives at, once.
    expect(
      screen.getByText('৳787,757,899.13', { selector: '.visually-hidden' }),
    ).toBeInTheDocument();
    advance(2_000);
    const midway = Number(shown().textContent.replace(/[৳,]/g, ''));
    expect(midway).toBeGreaterThan(787_756_899.13);
    expect(midway).toBeLessThan(787_757_899.13);
    advance(8_000);
    expect(shown()).toHaveTextContent('৳787,757,899.13');
    advance(60_000);
    expect(shown()).toHaveTextContent('৳787,757,899.13');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the end figure at once for reduced motion, in Bengali digits by default', () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList,
    );
    render(<GrandJackpot currencySymbol="৳" />);
    expect(screen.getByText('গ্র্যান্ড জ্যাকপট')).toBeVisible();
    expect(shown()).toHaveTextContent('৳৭৮,৭৭,৫৭,৮৯৯.১৩');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not count while the page is hidden', async () => {
    await changeLanguage('EN');
    render(<GrandJackpot currencySymbol="৳" />);
    setPageHidden(true);
    advance(20_000);
    expect(shown()).toHaveTextContent('৳787,756,899.13');
  });
});
