/** The contract route entry of the screen on display, read from the matched route's handle. */
import type { RouteInfo } from '@khela/contract/routes';
import { useMatches } from 'react-router';

export interface RouteHandle {
  route: RouteInfo;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

export function useCurrentRoute(): RouteInfo | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return undefined;
}
