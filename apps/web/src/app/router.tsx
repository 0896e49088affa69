/**
 * The route table, built from the contract's ROUTES: every /m screen of both specs is a lazy
 * route module (a placeholder until its feature lands), inside the lazy root module that holds
 * the providers and the shell. Each route's access rule and flag from the map are enforced here
 * (RouteGuard), not by the screens. Home aliases and unknown paths go to /m/home.
 */
import { HOME_PATH, ROUTES, type RouteInfo, type RoutePath } from '@khela/contract/routes';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { BootSpinner, RouteError } from './boot';
import type { RouteHandle } from './current-route';

type RouteModule = NonNullable<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>;

const SCREENS: Partial<Record<RoutePath, RouteModule>> = {
  '/m/home': () => import('./routes/home'),
  '/m/login': () => import('./routes/login'),
  '/m/register': () => import('./routes/register'),
  '/m/register.html': () => import('./routes/register'),
  '/m/forget': () => import('./routes/forget'),
  '/m/social/:provider': () => import('./routes/social-return'),
  '/m/changePsw': () => import('./routes/change-password'),
  '/m/help': () => import('./routes/help'),
  '/m/helpDetail': () => import('./routes/help-detail'),
  '/m/download': () => import('./routes/download'),
  '/m/activity': () => import('./routes/activity'),
  '/m/activityDetail': () => import('./routes/activity-detail'),
  '/m/notice': () => import('./routes/notice'),
  '/m/noticeDetail': () => import('./routes/notice-detail'),
  '/m/chat': () => import('./routes/chat'),
  '/m/liveHosts': () => import('./routes/live-hosts'),
  // Member centre: one module for both paths.
  '/m/mine': () => import('./routes/mine'),
  '/m/member/home': () => import('./routes/mine'),
  '/m/member/benefits': () => import('./routes/member-benefits'),
  '/m/webEmail': () => import('./routes/web-email'),
  '/m/feedback': () => import('./routes/feedback'),
  '/m/set': () => import('./routes/settings'),
  '/m/myAccount/index': () => import('./routes/my-account'),
  '/m/transaction/record': () => import('./routes/transaction-record'),
  '/m/profitandloss': () => import('./routes/profit-and-loss'),
  '/m/gameRecord': () => import('./routes/game-record'),
  // Rewards, upline transfer and agents.
  '/m/rewardCenter': () => import('./routes/reward-center'),
  '/m/bonus': () => import('./routes/bonus'),
  '/m/member/manualRebate': () => import('./routes/manual-rebate'),
  '/m/member/uplineTransfer': () => import('./routes/upline-transfer'),
  '/m/agent/login': () => import('./routes/agent-login'),
  '/m/agent/home': () => import('./routes/agent-home'),
  '/m/member/agent/getSalaryContract': () => import('./routes/agent-contract-salary'),
  '/m/member/agent/getDevidendContract': () => import('./routes/agent-contract-dividend'),
  '/m/member/agent/getHourContract': () => import('./routes/agent-contract-hourly'),
  '/m/responsibleGaming': () => import('./routes/responsible-gaming'),
  '/m/securityCenter': () => import('./routes/security-center'),
  '/m/withdraw': () => import('./routes/withdraw'),
  '/m/withdrawReport': () => import('./routes/withdraw-report'),
  '/m/voucherCenter': () => import('./routes/voucher-center'),
  '/m/vouReport': () => import('./routes/vou-report'),
  // Games: one module for the category pages, one per other game screen.
  '/m/live-games': () => import('./routes/game-category'),
  '/m/slot-games': () => import('./routes/game-category'),
  '/m/sport-games': () => import('./routes/game-category'),
  '/m/fishing-games': () => import('./routes/game-category'),
  '/m/poker-games': () => import('./routes/game-category'),
  '/m/lott': () => import('./routes/game-category'),
  '/m/elott': () => import('./routes/game-category'),
  '/m/inHouse': () => import('./routes/game-category'),
  '/m/in-play': () => import('./routes/game-category'),
  '/m/hot-games': () => import('./routes/hot-games'),
  '/m/gameCenter': () => import('./routes/game-center'),
  '/m/provider': () => import('./routes/provider'),
  '/m/search-games': () => import('./routes/search-games'),
  '/m/fav-games': () => import('./routes/fav-games'),
  '/m/originals/:nodeId': () => import('./routes/originals'),
  '/m/fair': () => import('./routes/fair'),
  '/m/lottery': () => import('./routes/lottery'),
};

const placeholder: RouteModule = () => import('./routes/placeholder');

/**
 * Every screen but home waits for the strings of the screens home does not show, which are out
 * of the home page's critical path (locales/screens.ts; imported here, not through lib/i18n, so
 * that the entry does not carry i18next).
 */
const withScreenStrings =
  (load: RouteModule): RouteModule =>
  () =>
    Promise.all([load(), import('../locales/screens')]).then(([module]) => module);

/**
 * A screen behind the route map's access rule and flag, checked here once for every screen. The
 * guard loads with the screen: home has neither rule, so its code stays off home's critical path.
 */
function guarded(route: RouteInfo, load: RouteModule): RouteModule {
  if (!route.access && !route.flag) return load;
  return async () => {
    const [module, { RouteGuard }] = await Promise.all([load(), import('./route-guard')]);
    const Screen = module.Component;
    if (!Screen) return module;
    return { ...module, Component: () => <RouteGuard route={route} Screen={Screen} /> };
  };
}

const toHome = (path: string): RouteObject => ({
  path,
  loader: () => redirect(HOME_PATH),
  element: null,
  hydrateFallbackElement: <BootSpinner />,
});

export const appRoutes: RouteObject[] = [
  // '/m' also matches '/m/'.
  ...['/', '/m', '/m/index', '/m/index.html'].map(toHome),
  {
    id: 'root',
    // The router loads the shell and the screen's module in parallel.
    lazy: () => import('./root-layout'),
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootSpinner />,
    children: [
      ...ROUTES.map((route): RouteObject => ({
        path: route.path,
        handle: { route } satisfies RouteHandle,
        lazy: guarded(
          route,
          route.path === HOME_PATH
            ? (SCREENS[route.path] ?? placeholder)
            : withScreenStrings(SCREENS[route.path] ?? placeholder),
        ),
      })),
      toHome('*'),
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
