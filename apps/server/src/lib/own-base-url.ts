/**
 * This server's own address as seen from itself, for when no PUBLIC_URL is set: where gateways
 * send the player back and their notices (a demo on one machine).
 */
import type { FastifyInstance } from 'fastify';

export function ownBaseUrl(app: FastifyInstance, fallback: string | undefined): string {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host =
      address.family === 'IPv6'
        ? address.address === '::'
          ? '[::1]'
          : `[${address.address}]`
        : address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address;
    return `http://${host}:${address.port}`;
  }
  if (!fallback) throw new Error('no address of our own: the server is not listening');
  return fallback.replace(/\/$/, '');
}
