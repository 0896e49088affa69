/**
 * The root route module: the providers, and the shell every screen sits in (header, download bar,
 * the screen with its page transition, footer menu, side menu and popups). The system status can
 * replace all of it with the maintenance or region page; any /wps call that answers maintenance or
 * region-blocked makes the shell ask for the status again. Lazy, so the entry chunk stays small.
 */
import { footerShown } from '@khela/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { PageTransition } from '../components/page-transition';
import { RouteProgress } from '../components/route-progress';
import { paths } from '../config/paths';
import { FooterMenu } from '../features/shell/components/footer-menu';
import { useLaunchChat } from '../features/chat/api/launch-chat';
import { Header } from '../features/shell/components/header';
import { GuestPrompt, ReferralPopup } from '../features/shell/components/referral-popup';
import { SideMenu } from '../features/shell/components/side-menu';
import {
  currencySymbol,
  flagOn,
  systemStatusQueryKey,
  useSystemStatus,
} from '../features/system/api/get-system-status';
import { MaintenancePage, RegionBlockedPage } from '../features/system/components/system-page';
import { isSessionEnded, onApiError } from '../lib/api-client';
import { removeFirstPaint } from '../lib/first-paint';
import { useLanguage } from '../lib/i18n';
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
const ServiceWidget = lazy(() =>
  import('../features/chat/components/service-widget').then((m) => ({
    default: m.ServiceWidget,
  })),
);
const RealityCheck = lazy(() =>
  import('../features/protection/components/reality-check').then((m) => ({
    default: m.RealityCheck,
  })),
);
const DownloadPopup = lazy(() =>
  import('../features/download/components/download-popup').then((m) => ({
    default: m.DownloadPopup,
  })),
);

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
          clearSession();
          void navigate(paths.login);
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
  const standalone = useMemo(() => isStandalone(), []);
  const title = route ? route.title[language] : t('common.brand');
  // Before any image renders, so none loads from the wrong origin first (idempotent).
  setImageCdns(status.data?.info.imageCDNs ?? []);

  useApiErrorHandling();
  useNavigationEffects();
  useEffect(() => {
    document.title = route ? `${title} | ${t('common.brand')}` : title;
  }, [route, title, t]);

  const launchChat = useLaunchChat();
  const retry = () => void status.refetch();
  if (status.data?.status === 1) {
    return (
      <MaintenancePage
        message={status.data.maintenance.message}
        onRetry={retry}
        retrying={status.isFetching}
      />
    );
  }
  if (status.data?.status === 2) {
    return (
      <RegionBlockedPage
        ip={status.data.location.ip}
        onRetry={retry}
        retrying={status.isFetching}
      />
    );
  }

  const withFooter = footerShown(pathname);
  const chatEnabled = flagOn(status.data, 'CBS3');
  return (
    <>
      <div className={styles.shell} inert={panel !== null} data-footer={withFooter || undefined}>
        <Header
          title={title}
          account={<HeaderAccount currencySymbol={currencySymbol(status.data)} />}
        />
        {withFooter && !downloadBarHidden && !standalone && (
          // Its space is kept while it loads, so the page does not move down when it arrives.
          <Suspense fallback={<div className={styles.downloadBarSlot} aria-hidden="true" />}>
            <DownloadBar />
          </Suspense>
        )}
        <main id="main" className={styles.main}>
          <PageTransition id={pathname}>
            <Outlet />
          </PageTransition>
        </main>
        {withFooter && <FooterMenu />}
        {withFooter && (
          <Suspense fallback={null}>
            <ServiceWidget chatEnabled={chatEnabled} />
          </Suspense>
        )}
      </div>
      <SideMenu
        rewardCenterEnabled={flagOn(status.data, 'REWCEN3')}
        showDownload={!standalone}
        chatEnabled={chatEnabled}
        onLiveChat={() => void launchChat.launch()}
      />
      <ReferralPopup currencySymbol={currencySymbol(status.data)} />
      <GuestPrompt />
      {loggedIn && (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      )}
      {panel === 'download' && (
        <Suspense fallback={null}>
          <DownloadPopup />
        </Suspense>
      )}
      <RouteProgress />
      <ScrollRestoration />
    </>
  );
}

/** Loaded lazily with the first screen, so the entry chunk stays framework and route table only. */
export function Component() {
  // The shell's first screen (or the maintenance page) replaces the server's first paint before
  // the browser paints again.
  useLayoutEffect(removeFirstPaint, []);
  return (
    <AppProvider>
      <Shell />
    </AppProvider>
  );
}
