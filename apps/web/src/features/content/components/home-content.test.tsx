import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { homeBannersUrl } from '@khela/contract/home';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAnnouncements,
  buildBanner,
  buildNotice,
  buildPopup,
  renderContent,
} from '../../../testing/content';
import { failure, ok } from '../../../testing/mock-api';
import { memberSession } from '../../../testing/render-app';
import { useSessionStore } from '../../../lib/session-store';
import { BannerCarousel, BannerGallery } from './banner-carousel';
import { NoticeMarquee } from './notice-marquee';
import { Popups } from './popups';
import { HOME_ENTERED_KEY, markHomeEntered } from '../utils/first-entry';

const announcementApi = (overrides = {}) => ({
  '/wps/announcement': ok(buildAnnouncements(overrides)),
});

describe('BannerCarousel', () => {
  it('shows the home banners as slides that link on, the first fetched first', async () => {
    const { api } = renderContent(<BannerCarousel />, { api: announcementApi() });
    const carousel = await screen.findByRole('region', { name: 'প্রচারণা' });
    const slides = within(carousel).getAllByRole('group', { name: /৩টির মধ্যে/ });
    expect(slides).toHaveLength(3);
    const images = within(carousel).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Banner 1',
      'Banner 2',
      'Banner 3',
    ]);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('width', '750');
    expect(images[0]).toHaveAttribute('height', '300');
    expect(within(slides[0]!).getByRole('link')).toHaveAttribute('href', '/m/activityDetail?id=1');
    // The headline is text over the drawn picture (heard once, from the alt).
    expect(within(slides[0]!).getByText('Banner 1')).toBeVisible();
    expect(within(slides[0]!).getByRole('link', { name: 'Banner 1' })).toBeVisible();
    // Exactly the address the server names in the page for the browser to fetch early.
    const [call] = api.calls('/wps/announcement');
    expect(`${call?.pathname}${call?.search}`).toBe(homeBannersUrl('BN'));
  });

  it('hides a banner whose image fails to load', async () => {
    renderContent(<BannerCarousel />, { api: announcementApi() });
    const broken = await screen.findByRole('img', { name: 'Banner 2' });
    fireEvent.error(broken);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Banner 2' })).toBeNull());
    expect(screen.getAllByRole('button', { name: /স্লাইড/ })).toHaveLength(2);
  });

  it('moves on every 4000 ms and comes back round after the last', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderContent(<BannerCarousel />, { api: announcementApi() });
    const dots = within(await screen.findByRole('group', { name: 'স্লাইড বেছে নিন' }));
    const current = () =>
      dots.getAllByRole('button').findIndex((dot) => dot.getAttribute('aria-current') === 'true');
    expect(current()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(3999));
    expect(current()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(current()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(current()).toBe(0);
  });

  it('slides on the compositor (a transform transition), then scrolls the track into place', async () => {
    // jsdom has no layout: each slide is 300 px wide and the track keeps its scroll position.
    const scrolled = new WeakMap<Element, number>();
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    Object.defineProperty(HTMLElement.prototype, 'scrollLeft', {
      configurable: true,
      get(this: Element) {
        return scrolled.get(this) ?? 0;
      },
      set(this: Element, value: number) {
        scrolled.set(this, value);
      },
    });
    try {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
      renderContent(<BannerCarousel />, { api: announcementApi() });
      await act(() => vi.advanceTimersByTimeAsync(50));
      const track = screen.getByRole('group', { name: '৩টির মধ্যে ১ নম্বর স্লাইড' }).parentElement!;
      const slides = [...track.children] as HTMLElement[];
      // The loop's copy of the last slide comes first: the first banner is in slot 1.
      expect(track.scrollLeft).toBe(300);

      // 4000 ms after the slides showed (within the first 50).
      await act(() => vi.advanceTimersByTimeAsync(4000));
      for (const slide of slides) {
        expect(slide.style.transform).toBe('translateX(-300px)');
        expect(slide.style.transition).toContain('600ms');
      }
      expect(track.scrollLeft).toBe(300);

      await act(() => vi.advanceTimersByTimeAsync(600));
      for (const slide of slides) expect(slide.style.transform).toBe('');
      expect(track.scrollLeft).toBe(600);
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollLeft');
    }
  });

  it('a swipe of 60 px moves one banner, a shorter one springs back, and right from the first is the last', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderContent(<BannerCarousel />, { api: announcementApi() });
    await act(() => vi.advanceTimersByTimeAsync(50));
    const dots = within(screen.getByRole('group', { name: 'স্লাইড বেছে নিন' }));
    const current = () =>
      dots.getAllByRole('button').findIndex((dot) => dot.getAttribute('aria-current') === 'true');
    const track = screen.getByRole('group', { name: '৩টির মধ্যে ১ নম্বর স্লাইড' }).parentElement!;
    const swipe = async (from: number, to: number) => {
      const at = (x: number) => ({
        pointerId: 1,
        isPrimary: true,
        button: 0,
        clientX: x,
        clientY: 50,
      });
      fireEvent.pointerDown(track, at(from));
      fireEvent.pointerMove(track, at((from + to) / 2));
      fireEvent.pointerMove(track, at(to));
      fireEvent.pointerUp(track, at(to));
      await act(() => vi.advanceTimersByTimeAsync(700));
    };
    await swipe(200, 141);
    expect(current()).toBe(0);
    await swipe(200, 140);
    expect(current()).toBe(1);
    await swipe(100, 160);
    expect(current()).toBe(0);
    await swipe(100, 200);
    expect(current()).toBe(2);
    // A swipe is not a tap on the banner's link.
    const link = within(screen.getByRole('group', { name: '৩টির মধ্যে ৩ নম্বর স্লাইড' })).getByRole(
      'link',
    );
    const at = (x: number) => ({
      pointerId: 1,
      isPrimary: true,
      button: 0,
      clientX: x,
      clientY: 50,
    });
    fireEvent.pointerDown(link, at(200));
    fireEvent.pointerMove(link, at(150));
    fireEvent.pointerUp(link, at(100));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it('the gallery asks for its own group and moves on every 8000 ms, not while the page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api } = renderContent(<BannerGallery groupName="m_rng_BN" />, {
      api: announcementApi(),
    });
    const dots = within(await screen.findByRole('group', { name: 'স্লাইড বেছে নিন' }));
    const current = () =>
      dots.getAllByRole('button').findIndex((dot) => dot.getAttribute('aria-current') === 'true');
    expect(api.calls('/wps/announcement')[0]?.searchParams.get('groupName')).toBe('m_rng_BN');
    expect(api.calls('/wps/announcement')[0]?.searchParams.get('types')).toBe('B');
    await act(() => vi.advanceTimersByTimeAsync(7999));
    expect(current()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(current()).toBe(1);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    await act(() => vi.advanceTimersByTimeAsync(16000));
    expect(current()).toBe(1);
    hidden.mockReturnValue(false);
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(current()).toBe(2);
  });

  it('the gallery stands still for reduced motion', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.stubGlobal(
      'matchMedia',
      (query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList,
    );
    renderContent(<BannerGallery groupName="m_reg_BN" />, { api: announcementApi() });
    const dots = within(await screen.findByRole('group', { name: 'স্লাইড বেছে নিন' }));
    await act(() => vi.advanceTimersByTimeAsync(24000));
    expect(dots.getAllByRole('button')[0]).toHaveAttribute('aria-current', 'true');
  });

  it('with one banner: no dots, no autoplay', async () => {
    renderContent(<BannerCarousel />, { api: announcementApi({ banners: [buildBanner(9)] }) });
    expect(await screen.findByRole('img', { name: 'Banner 9' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'স্লাইড বেছে নিন' })).toBeNull();
  });

  it('keeps the box while loading and offers a retry when the call fails', async () => {
    const { user, api } = renderContent(<BannerCarousel />, {
      api: { '/wps/announcement': failure(400, 'validation.invalid', 'x') },
    });
    const retry = await screen.findByRole('button', {
      name: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন',
    });
    api.set('/wps/announcement', ok(buildAnnouncements()));
    await user.click(retry);
    expect(await screen.findByRole('img', { name: 'Banner 1' })).toBeVisible();
  });
});

describe('NoticeMarquee', () => {
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  });

  function sized() {
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
      configurable: true,
      get: () => 2000,
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get: () => 300,
    });
  }

  const notices = [
    buildNotice(1, { title: 'Cricket odds' }),
    buildNotice(2, { title: 'New slots' }),
  ];

  it('shows the player notice titles in a link to the notices', async () => {
    renderContent(<NoticeMarquee />, { api: announcementApi({ player: notices }) });
    const link = await screen.findByRole('link', { name: /Cricket odds/ });
    expect(link).toHaveAttribute('href', '/m/notice');
    expect(link).toHaveTextContent('New slots');
  });

  it('travels in 30 steps a second from the right edge until its end has passed the left', async () => {
    sized();
    renderContent(<NoticeMarquee />, { api: announcementApi({ player: notices }) });
    const link = await screen.findByRole('link', { name: /Cricket odds/ });
    const titles = within(link).getByText(/Cricket odds/);
    // The titles' line starts moving once it is measured.
    await waitFor(() => expect(titles.closest('[data-moving]')).not.toBeNull());
    const line = titles.closest<HTMLElement>('[data-moving]')!;
    // 300 px of box and 2,000 px of titles at 45 px a second.
    expect(line.style.getPropertyValue('--marquee-from')).toBe('300px');
    expect(line.style.getPropertyValue('--marquee-to')).toBe('-2000px');
    const seconds = Number.parseFloat(line.style.getPropertyValue('--marquee-seconds'));
    expect(seconds).toBeCloseTo(2300 / 45, 1);
    expect(Number(line.style.getPropertyValue('--marquee-steps'))).toBe(Math.round(seconds * 30));
    // Its first pass starts where the titles stand readable, and takes 2,000 px at 45 px a second.
    const first = Number.parseFloat(line.style.getPropertyValue('--marquee-first-seconds'));
    expect(first).toBeCloseTo(2000 / 45, 1);
    expect(Number(line.style.getPropertyValue('--marquee-first-steps'))).toBe(
      Math.round(first * 30),
    );
  });
});

describe('Popups', () => {
  it("waits for the browser's second entry to home: the first is for the games", async () => {
    const api = announcementApi({
      popup: [buildPopup(5, { title: 'Welcome' })],
      player: [buildNotice(9, { title: 'Loaded' })],
    });
    const first = renderContent(
      <>
        <NoticeMarquee />
        <Popups />
      </>,
      { api },
    );
    // The answer that holds the popup is on screen, and no popup has opened over the page.
    await screen.findByRole('link', { name: /Loaded/ });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(HOME_ENTERED_KEY)).toBe('1');
    first.unmount();

    // The next entry (another visit, or a reload: the mark is in localStorage) opens it.
    renderContent(<Popups />, { api });
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeVisible();
  });

  describe('from the second entry on', () => {
    beforeEach(markHomeEntered);

    it('shows a visitor popup once per session, and the next one after it', async () => {
      const popups = [buildPopup(1, { title: 'Join now' }), buildPopup(2, { title: 'Second' })];
      const first = renderContent(<Popups />, { api: announcementApi({ popup: popups }) });
      const dialog = await screen.findByRole('dialog', { name: 'Join now' });
      expect(within(dialog).getByText('Popup 1 text')).toBeVisible();
      await first.user.click(within(dialog).getByRole('button', { name: 'বন্ধ করুন' }));
      expect(await screen.findByRole('dialog', { name: 'Second' })).toBeVisible();
      await first.user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      first.unmount();

      // Again in the same browser session, beside the notice line that reads the same answer: once
      // the answer is on screen, no popup has opened.
      renderContent(
        <>
          <NoticeMarquee />
          <Popups />
        </>,
        { api: announcementApi({ popup: popups, player: [buildNotice(9, { title: 'Loaded' })] }) },
      );
      await screen.findByRole('link', { name: /Loaded/ });
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it("follows a popup's link and closes it", async () => {
      const { user, router } = renderContent(<Popups />, {
        api: announcementApi({ popup: [buildPopup(3, { link: '/m/register' })] }),
        session: memberSession(),
      });
      const dialog = await screen.findByRole('dialog', { name: 'Popup 3' });
      await user.click(within(dialog).getByRole('link', { name: 'আরও দেখুন' }));
      expect(router.state.location.pathname).toBe('/m/register');
    });

    it('waits while the account menu is open', async () => {
      renderContent(
        <>
          <NoticeMarquee />
          <Popups />
        </>,
        {
          api: announcementApi({
            popup: [buildPopup(5)],
            player: [buildNotice(9, { title: 'Loaded' })],
          }),
        },
      );
      act(() => useSessionStore.getState().setMenuOpen(true));
      await screen.findByRole('link', { name: /Loaded/ });
      expect(screen.queryByRole('dialog')).toBeNull();
      act(() => useSessionStore.getState().setMenuOpen(false));
      expect(await screen.findByRole('dialog', { name: 'Popup 5' })).toBeVisible();
    });

    it('waits while another panel is open', async () => {
      renderContent(
        <>
          <NoticeMarquee />
          <Popups />
        </>,
        {
          api: announcementApi({
            popup: [buildPopup(4)],
            player: [buildNotice(9, { title: 'Loaded' })],
          }),
        },
      );
      act(() => useSessionStore.setState({ panel: 'sideMenu' }));
      // The notice line shows the answer that holds the popup; the popup stays shut meanwhile.
      await screen.findByRole('link', { name: /Loaded/ });
      expect(screen.queryByRole('dialog')).toBeNull();
      act(() => useSessionStore.setState({ panel: null }));
      expect(await screen.findByRole('dialog', { name: 'Popup 4' })).toBeVisible();
    });
  });
});
