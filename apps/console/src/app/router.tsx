/**
 * The console's screens under /ops, one lazy chunk each: the first load is the shell and the
 * screen asked for. `createRouter` is the browser's or, in tests, a memory router.
 */
import type { RouteObject } from 'react-router';
import { Shell } from './shell';

const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const ROUTES: RouteObject[] = [
  {
    path: '/',
    Component: Shell,
    // The first screen's chunk is loading: the shell is not drawn yet.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: screen(() => import('./routes/dashboard')) },
      { path: 'members', lazy: screen(() => import('./routes/members')) },
      { path: 'members/:username', lazy: screen(() => import('./routes/member')) },
      { path: 'members/:username/:tab', lazy: screen(() => import('./routes/member')) },
      { path: 'money', lazy: screen(() => import('./routes/money')) },
      { path: 'kyc', lazy: screen(() => import('./routes/kyc')) },
      { path: 'agents', lazy: screen(() => import('./routes/agents')) },
      { path: 'rg', lazy: screen(() => import('./routes/rg')) },
      { path: 'reports', lazy: screen(() => import('./routes/reports')) },
      { path: 'audit', lazy: screen(() => import('./routes/audit')) },
      { path: 'operators', lazy: screen(() => import('./routes/operators')) },
      { path: '*', lazy: screen(() => import('./routes/not-found')) },
    ],
  },
];

export const BASENAME = '/ops';
