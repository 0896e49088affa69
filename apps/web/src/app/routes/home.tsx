/**
 * /m/home: the banner carousel, the notice marquee, the games area (the side category menu beside
 * the chosen category's content: GamesArea), the jackpot ticker, the winner board and the
 * promo-and-contact panel (each loaded when scrolled near), the 18+ notice and the operator's
 * popups (not on a browser's first entry). The games come before the jackpot: a first-time
 * visitor's first screen is the games and the way to register (issue 18, docs/decisions.md). The banner renders with the shell
 * (taking over the server's first paint); the marquee and jackpot, the games area, what is below
 * it and the popups mount in the frames after (MountLater), each in a short task of its own,
 * their code in a chunk of its own (home-later.ts) that is not on the critical path.
 */
import type { DomainEntry } from '@khela/contract/settings';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { MountLater } from '../../components/mount-later';
import { BannerCarousel } from '../../features/content/components/banner-carousel';
import { hotGamesQueryOptions, useVendors } from '../../features/games/api/catalogue';
import { currencySymbol, useSystemStatus } from '../../features/system/api/get-system-status';
import { removeFirstPaint } from '../../lib/first-paint';
import { useLanguage } from '../../lib/i18n';
import { useNearViewport } from '../../hooks/use-near-viewport';
import styles from './home.module.css';

// Below the banner: one chunk, asked for when home mounts (see home-later.ts).
const loadLater = () => import('./home-later');
const NoticeMarquee = lazy(() => loadLater().then((m) => ({ default: m.NoticeMarquee })));
const JackpotTicker = lazy(() => loadLater().then((m) => ({ default: m.JackpotTicker })));
const GamesArea = lazy(() => loadLater().then((m) => ({ default: m.GamesArea })));
const LazyWinnerBoard = lazy(() => loadLater().then((m) => ({ default: m.LazyWinnerBoard })));
// The operator's hot matches and videos: a chunk of their own, in a boundary of their own, so
// they never hold up the games.
const HomeExtras = lazy(() =>
  import('../../features/content/components/home-extras').then((m) => ({ default: m.HomeExtras })),
);
const AgeNotice = lazy(() => loadLater().then((m) => ({ default: m.AgeNotice })));

// A dialog over the page after it has loaded: not needed for the first paint.
const Popups = lazy(() =>
  import('../../features/content/components/popups').then((m) => ({ default: m.Popups })),
);
const ContactPanel = lazy(() =>
  import('../../features/chat/components/contact-panel').then((m) => ({
    default: m.ContactPanel,
  })),
);

/** The promo-and-contact panel at the foot of home: its code and calls wait until it is near. */
function ContactPanelWhenNear({ domains }: { domains: readonly DomainEntry[] }) {
  const [ref, near] = useNearViewport<HTMLDivElement>('400px');
  return (
    <div ref={ref}>
      {near && (
        <Suspense fallback={null}>
          <ContactPanel domains={domains} />
        </Suspense>
      )}
    </div>
  );
}

export function Component() {
  const status = useSystemStatus();
  const symbol = currencySymbol(status.data);
  const vendors = useVendors();
  // Asked for now, so the hot games are in when the games area mounts.
  // The banner (or its stand-in with the same picture) is in: the server's first paint goes
  // before the browser paints again.
  useLayoutEffect(removeFirstPaint, []);
  const queryClient = useQueryClient();
  const language = useLanguage();
  useEffect(() => {
    void queryClient.prefetchQuery(hotGamesQueryOptions(language));
  }, [queryClient, language]);
  // The code below the banner comes down beside the calls it waits for (a failure shows where
  // the parts render: they ask again). Asked for in a task of its own: adding its script and
  // style links to the page costs a few milliseconds, which the effects' calls need not wait for.
  useEffect(() => {
    const timer = setTimeout(() => void loadLater().catch(() => undefined), 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className={styles.home}>
      <BannerCarousel />
      {/* One boundary: the parts below the banner appear together, each in its place. */}
      <Suspense fallback={null}>
        <MountLater>
          <NoticeMarquee />
        </MountLater>
        {/*
          A screen tall from the start: the games mount in a later frame than what follows them
          may, and would push the winner board and the 18+ notice down off the first screen (a
          layout shift); this way those wait below it.
        */}
        <div className={styles.games}>
          <MountLater>
            <GamesArea />
            <JackpotTicker currencySymbol={symbol} />
          </MountLater>
        </div>
        {/* After the rows (which wait for the vendors), so the winner board is not near at first. */}
        {(vendors.data || vendors.isError) && (
          <MountLater>
            <Suspense fallback={null}>
              <HomeExtras />
            </Suspense>
            <LazyWinnerBoard currencySymbol={symbol} />
            <ContactPanelWhenNear domains={status.data?.info.domainRoute ?? []} />
            <AgeNotice />
          </MountLater>
        )}
      </Suspense>
      <MountLater>
        <Suspense fallback={null}>
          <Popups />
        </Suspense>
      </MountLater>
    </div>
  );
}
