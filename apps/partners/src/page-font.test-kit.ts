/** Checks that a server-written page brings the Bengali font along, and that it is served. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The page's @font-face addresses answer 200 with font/woff2, its policy lets them load. */
export async function expectPageFont(app: FastifyInstance, page: LightMyRequestResponse) {
  const urls = [...page.body.matchAll(/src:url\((\/fonts\/[^)]+\.woff2)\)/g)].map((m) => m[1]!);
  expect(urls.length).toBeGreaterThan(0);
  expect(page.body).toContain('font-display:swap');
  expect(page.body).toMatch(/font:[^;]*'Noto Sans Bengali'/);
  // Buttons do not inherit the page's font unless told: their Bengali would be boxes.
  expect(page.body).toMatch(/button[^{}]*\{font-family:inherit/);
  expect(page.headers['content-security-policy']).toMatch(/font-src 'self'/);
  for (const url of urls) {
    const file = await app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
  }
}
