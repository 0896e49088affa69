/**
 * The root route module: the providers, and the shell every screen sits in (header, download bar
 * on home only, the screen with its page transition, footer menu, side menu and popups). The system status can
 * replace all of it with the maintenance or region page; any /wps call that answers maintenance or
 * region-blocked makes the shell ask for the status again. Lazy, so the entry chunk stays small.
 */
import { footerShown, isHomePath } from '@khela/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { MountLater } from '../components/mount-later';
import { PageTransition } from '../components/page-transition';
import { RouteProgress } from '../components/route-progress';
import { paths } from '../config/paths';
import { FooterMenu } from '../features/shell/components/footer-menu';
import { useLaunchChat } from '../features/chat/api/launch-chat';
import { Header } from '../features/shell/components/header';
import {
  currencySymbol,
  flagOn,
  systemStatusQueryKey,
  useSystemStatus,
} from '../features/system/api/get-system-status';
import { isSessionEnded, onApiError } from '../lib/api-client';
import { firstPaintShown, removeFirstPaint } from '../lib/first-paint';
import { endGameLaunch, useGameLaunchStore } from '../lib/game-launch-store';
import { useLanguage } from '../lib/i18n';
import { sessionEndReasonOf, type LoginReturn } from '../lib/login-return';
import { isStandalone } from '../lib/platform';
import { setImageCdns } from '../lib/image-url';
import { useSessionStore } from '../lib/session-store';
import { useCurrentRoute } from './current-route';
import { AppProvider } from './provider';
import styles from './root-layout.module.css';

// Not needed for the first paint: loaded after it (they carry the contract schemas).
const DownloadBar = lazy(() =>
  import('../features/download/components/download-bar').then((m) => ({ default: m.DownloadBar })),
);
const HeaderAccount = lazy(() =>
  import('../features/account/components/header-account').then((m) => ({
    default: m.HeaderAccount,
  })),
);
const HeaderHeadIcon = lazy(() =>
  import('../features/head-icon/components/head-icon-image').then((m) => ({
    default: m.HeaderHeadIcon,
  })),
);
// A visitor's account area is the menu alone: without the member calls and their schemas.
const VisitorMenu = lazy(() =>
  import('../features/account/components/account-menu').then((m) => ({
    default: () => <m.AccountMenu loggedIn={false} />,
  })),
);
// Dialogs load when opened: off the home page's first download (the referral popup would bring
// the referral call's schema, and with it zod).
const SideMenu = lazy(() =>
  import('../features/shell/components/side-menu').then((m) => ({ default: m.SideMenu })),
);
// These two and the reality check use strings of other screens (locales/screens.ts).
const withScreenStrings = <T,>(module: Promise<T>) =>
  Promise.all([module, import('../locales/screens')]).then(([loaded]) => loaded);
const ReferralPopup = lazy(() =>
  withScreenStrings(import('../features/shell/components/referral-popup')).then((m) => ({
    default: m.ReferralPopup,
  })),
);
const GuestPrompt = lazy(() =>
  withScreenStrings(import('../features/shell/components/referral-popup')).then((m) => ({
    default: m.GuestPrompt,
  })),
);
// Only when the status says so.
const MaintenancePage = lazy(() =>
  import('../features/system/components/system-page').then((m) => ({
    default: m.MaintenancePage,
  })),
);
const RegionBlockedPage = lazy(() =>
  import('../features/system/components/system-page').then((m) => ({
    default: m.RegionBlockedPage,
  })),
);
const ServiceWidget = lazy(() =>
  import('../features/chat/components/service-widget').then((m) => ({
    default: m.ServiceWidget,
  })),
);
const RealityCheck = lazy(() =>
  withScreenStrings(import('../features/protection/components/reality-check')).then((m) => ({
    default: m.RealityCheck,
  })),
);
// A game being opened: the launch call, and the full-screen frame of a vendor's page.
const GameLaunch = lazy(() =>
  import('../features/launch/components/game-launch').then((m) => ({ default: m.GameLaunch })),
);
const DownloadPopup = lazy(() =>
  import('../features/download/components/download-popup').then((m) => ({
    default: m.DownloadPopup,
  })),
);

const downloadBarSlot = <div className={styles.downloadBarSlot} aria-hidden="true" />;

function useApiErrorHandling() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const clearSession = useSessionStore((state) => state.clearSession);
  useEffect(
    () =>
      onApiError((error) => {
        if (error.errorCode === 'system.maintenance' || error.errorCode === 'system.ipBlocked') {
          // Ask the status again (unless that is the call that just failed).
          if (queryClient.isFetching({ queryKey: systemStatusQueryKey }) === 0) {
            void queryClient.invalidateQueries({ queryKey: systemStatusQueryKey });
          }
        } else if (isSessionEnded(error)) {
          const session = useSessionStore.getState().session;
          const here = window.location.pathname + window.location.search;
          if (!here.startsWith(paths.login)) {
            // Login comes back here (a member screen's guard sends it there in its place).
            const state: LoginReturn = { from: here, below: true };
            void navigate(paths.login, { state });
          }
          // The login screen says why (data.reason); a visitor's own 401 needs no explanation.
          if (session) clearSession(sessionEndReasonOf(error.data));
        }
      }),
    [queryClient, navigate, clearSession],
  );
}

/**
 * Closes the side menu and popups on every navigation; on a new screen (not a new query string)
 * moves focus to its title so screen readers announce it.
 */
function useNavigationEffects() {
  const location = useLocation();
  const closePanel = useSessionStore((state) => state.closePanel);
  const first = useRef(true);
  useEffect(() => {
    closePanel();
  }, [location.key, closePanel]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('page-title')?.focus({ preventScroll: true });
  }, [location.pathname]);
}

function Shell() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const status = useSystemStatus();
  const panel = useSessionStore((state) => state.panel);
  const downloadBarHidden = useSessionStore((state) => state.downloadBarHidden);
  const loggedIn = useSessionStore((state) => state.session !== null);
  const launch = useGameLaunchStore((state) => state.request);
  const queryClient = useQueryClient();
  const standalone = useMemo(() => isStandalone(), []);
  // While the server's first paint covers the page, the screen mounts a frame after the shell
  // (two shorter tasks); home's first commit then takes the first paint away.
  const [covered] = useState(firstPaintShown);
  const title = route ? route.title[language] : t('common.brand');
  // Before any image renders, so none loads from the wrong origin first (idempotent).
  setImageCdns(status.data?.info.imageCDNs ?? []);

  useApiErrorHandling();
  useNavigationEffects();
  // Home takes the first paint away itself; any other page, or the status pages, here.
  const statusPage = status.data?.status === 1 || status.data?.status === 2;
  useLayoutEffect(() => {
    if (statusPage || !isHomePath(pathname)) removeFirstPaint();
  }, [statusPage, pathname]);
  useEffect(() => {
    document.title = route ? `${title} | ${t('common.brand')}` : title;
  }, [route, title, t]);

  const launchChat = useLaunchChat();
  const retry = () => void status.refetch();
  if (status.data?.status === 1) {
    return (
      <Suspense fallback={null}>
        <MaintenancePage
          message={status.data.maintenance.message}
          onRetry={retry}
          retrying={status.isFetching}
        />
      </Suspense>
    );
  }
  if (status.data?.status === 2) {
    return (
      <Suspense fallback={null}>
        <RegionBlockedPage
          ip={status.data.location.ip}
          onRetry={retry}
          retrying={status.isFetching}
        />
      </Suspense>
    );
  }

  const withFooter = footerShown(pathname);
  const chatEnabled = flagOn(status.data, 'CBS3');
  return (
    <>
      <div className={styles.shell} inert={panel !== null} data-footer={withFooter || undefined}>
        <Header
          title={title}
          tools={
            withFooter && (
              <MountLater>
                <Suspense fallback={null}>
                  <ServiceWidget chatEnabled={chatEnabled} />
                </Suspense>
              </MountLater>
            )
          }
          account={
            loggedIn ? (
              <HeaderAccount
                currencySymbol={currencySymbol(status.data)}
                avatar={
                  <Suspense fallback={null}>
                    <HeaderHeadIcon />
                  </Suspense>
                }
              />
            ) : (
              // A frame after the header: its code and styles load in a task of their own.
              <MountLater>
                <VisitorMenu />
              </MountLater>
            )
          }
        />
        {/* Home only: a lobby keeps its first screen for its games (issue 18). */}
        {isHomePath(pathname) && !downloadBarHidden && !standalone && (
          // Its space is kept while it waits and loads, so the page does not move down when it
          // arrives.
          <MountLater fallback={downloadBarSlot}>
            <Suspense fallback={downloadBarSlot}>
              <DownloadBar />
            </Suspense>
          </MountLater>
        )}
        <main id="main" className={styles.main}>
          <MountLater defer={covered}>
            <PageTransition id={pathname}>
              <Outlet />
            </PageTransition>
          </MountLater>
        </main>
        {withFooter && <FooterMenu />}
      </div>
      {panel === 'sideMenu' && (
        <Suspense fallback={null}>
          <SideMenu
            rewardCenterEnabled={flagOn(status.data, 'REWCEN3')}
            vipBenefitsEnabled={flagOn(status.data, 'VIPBENEFIT3')}
            referralEnabled={flagOn(status.data, 'REFERRAL')}
            showDownload={!standalone}
            chatEnabled={chatEnabled}
            onLiveChat={() => void launchChat.launch()}
          />
        </Suspense>
      )}
      {panel === 'referral' && (
        <Suspense fallback={null}>
          <ReferralPopup currencySymbol={currencySymbol(status.data)} />
        </Suspense>
      )}
      {panel === 'guestPrompt' && (
        <Suspense fallback={null}>
          <GuestPrompt />
        </Suspense>
      )}
      {loggedIn && (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      )}
      {launch && loggedIn && (
        <Suspense fallback={null}>
          <GameLaunch
            key={launch.id}
            request={launch}
            onDone={() => endGameLaunch(launch.id)}
            // The header's wallet module is loaded already for a member; its schemas stay out of
            // the shell.
            onMoneyMoved={() =>
              void import('../features/account/api/wallet-refresh').then((m) =>
                m.invalidateWallet(queryClient),
              )
            }
          />
        </Suspense>
      )}
      {panel === 'download' && (
        <Suspense fallback={null}>
          <DownloadPopup />
        </Suspense>
      )}
      <RouteProgress />
      {/* Its first act scrolls a page that is at the top already, forcing a layout of it all. */}
      <MountLater>
        <ScrollRestoration />
      </MountLater>
    </>
  );
}

/** Loaded lazily with the first screen, so the entry chunk stays framework and route table only. */
export function Component() {
  return (
    <AppProvider>
      <Shell />
    </AppProvider>
  );
}
