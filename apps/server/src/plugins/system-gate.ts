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
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith('/wps/')) return;
    if (
      ALWAYS_OPEN.some(
        (open) => url === open || url.startsWith(`${open}?`) || url.startsWith(`${open}/`),
      )
    )
      return;
    if (settings.get('maintenance')) throw new AppError('system.maintenance');
    if (
      settings.get('regionRestriction') &&
      !settings.get('regionAllowedIps').includes(request.ip)
    ) {
      throw new AppError('system.ipBlocked');
    }
  });
});
