/**
 * Maintenance and region restriction: while either is on, every /wps call but the status call
 * (and the API docs) is refused — 503 system.maintenance, or 403 system.ipBlocked for callers
 * outside the operator's allow-list.
 */
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { SettingsService } from '../modules/settings/settings.service';

const ALWAYS_OPEN = ['/wps/system/status', '/wps/docs'];

export const systemGatePlugin = fp<{ settings: SettingsService }>(async (app, { settings }) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const maintenance = settings.get('maintenance');
    const restricted = settings.get('regionRestriction');
    if (!maintenance && !restricted) return done();
    const url = request.url;
    if (
      ALWAYS_OPEN.some(
        (path) => url === path || url.startsWith(`${path}?`) || url.startsWith(`${path}/`),
      )
    ) {
      return done();
    }
    if (maintenance) return done(new AppError('system.maintenance'));
    if (!settings.get('regionAllowedIps').includes(request.ip)) {
      return done(new AppError('system.ipBlocked'));
    }
    done();
  });
});
