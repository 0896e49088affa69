import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let dist: string;
const INDEX = '<!doctype html><title>Khela back office</title><div id="root"></div>';
const ASSET = 'console.log("console");'.repeat(100);

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'khela-console-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets/index-9f8e7d.js'), ASSET);
  await writeFile(path.join(dist, 'assets/index-9f8e7d.js.br'), brotliCompressSync(ASSET));
  t = await createTestApp({ consoleDist: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the console under /ops', () => {
  it("serves the console's page at /ops/ and at its client routes, revalidated every time", async () => {
    for (const url of ['/ops/', '/ops/members/x', '/ops/members/x/ledger?from=1', '/ops/money']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    }
  });

  it('sends /ops to /ops/', async () => {
    const res = await get('/ops');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ops/');
  });

  it('serves hashed assets for a year, pre-compressed when the browser takes it', async () => {
    const res = await get('/ops/assets/index-9f8e7d.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await get('/ops/assets/gone-123.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toBe(INDEX);
  });

  it('leaves the operator API alone: an unknown API address is the API 404 envelope', async () => {
    const res = await get('/ops/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'resource.notFound' });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the operator API behind its guard', async () => {
    const res = await get('/ops/api/flags');
    expect(res.statusCode).toBe(401);
  });
});

describe('the console not built', () => {
  it('says so at a client route and still answers the API', async () => {
    const bare = await createTestApp();
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/ops/members' });
      expect(page.statusCode).toBe(503);
      const api = await bare.app.inject({ method: 'GET', url: '/ops/api/no-such-thing' });
      expect(api.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
