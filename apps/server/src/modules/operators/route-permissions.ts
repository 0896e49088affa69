/**
 * Every operator route declares what it needs: `config.permission`, or for the console's own auth
 * routes `config.operatorAccess`. A route under /ops/api (or /ops/metrics) without one fails the
 * start, so no route is ever left open to every role by mistake. The list of operator routes is
 * kept on the app (`app.operatorRoutes`) for the route × role test and the permission matrix.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { OPS_PREFIX } from '@khela/contract/ops';
import type { Permission } from '@khela/contract/operators';
import './actor';

export interface OperatorRouteInfo {
  method: string;
  url: string;
  permission: Permission | null;
  operatorAccess: 'public' | 'self' | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorRoutes: OperatorRouteInfo[];
  }
}

const isOperatorUrl = (url: string) => url.startsWith(`${OPS_PREFIX}/`) || url === '/ops/metrics';

/** Call on the root app before any operator route is registered. */
export function requireOperatorPermissions(app: FastifyInstance) {
  const routes: OperatorRouteInfo[] = [];
  app.decorate('operatorRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isOperatorUrl(route.url)) return;
    const permission = route.config?.permission ?? null;
    const operatorAccess = route.config?.operatorAccess ?? null;
    if (!permission && !operatorAccess) {
      throw new Error(
        `operator route ${String(route.method)} ${route.url} declares no config.permission`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, permission, operatorAccess });
    }
  });
}
