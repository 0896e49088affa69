import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeBannersUrl } from '@khela/contract/home';
import { createTestApp, type TestApp } from '../../test/test-app';
import { withFirstPaint } from './static-web';

let t: TestApp;
let dist: string;
const INDEX = '<!doctype html><title>Khela</title><div id="root"></div>';
const ASSET = 'console.log("app");'.repeat(100);

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'khela-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dist, 'assets/app-1a2b3c.js'), ASSET);
  await writeFile(path.join(dist, 'assets/app-1a2b3c.js.br'), brotliCompressSync(ASSET));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('static hosting of the player site', () => {
  it.each(['/', '/m', '/m/', '/m/index', '/m/index.html'])(
    'redirects %s to /m/home',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/m/home');
    },
  );

  it('gives the service worker the app shell at /m/index.html instead of a redirect', async () => {
    const res = await get('/m/index.html', { 'sec-fetch-mode': 'same-origin' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect((await get('/m/index.html', { 'sec-fetch-mode': 'navigate' })).statusCode).toBe(302);
  });

  it('keeps the query string on a home redirect', async () => {
    expect((await get('/m/?ref=abc')).headers.location).toBe('/m/home?ref=abc');
  });

  it('serves index.html for client routes, revalidated every time', async () => {
    for (const url of ['/m/home', '/m/login', '/m/some/unknown/screen']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    }
  });

  it('caches hashed assets for a year and serves brotli when the browser takes it', async () => {
    const res = await get('/m/assets/app-1a2b3c.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it('revalidates the service worker', async () => {
    expect((await get('/m/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    expect((await get('/m/assets/missing-000.js')).statusCode).toBe(404);
  });

  it('sends other unknown paths home', async () => {
    const res = await get('/whatever');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/m/home');
  });
});

describe('the home page preloads its banners', () => {
  let withHead: TestApp;
  let headDist: string;
  const HEAD_INDEX = '<!doctype html><html><head><title>Khela</title></head><body></body></html>';

  beforeAll(async () => {
    headDist = await mkdtemp(path.join(os.tmpdir(), 'khela-dist-'));
    await writeFile(path.join(headDist, 'index.html'), HEAD_INDEX);
    withHead = await createTestApp({ webDist: headDist });
  });
  afterAll(async () => {
    await withHead.close();
    await rm(headDist, { recursive: true, force: true });
  });

  it('names the banner the home page shows first, first in the head, and only on home', async () => {
    const banners = await withHead.app.inject({ url: homeBannersUrl('BN') });
    expect(banners.statusCode).toBe(200);
    const first = banners.json().value.banners[0].url as string;
    const home = await withHead.app.inject({ url: '/m/home' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.body).toContain(
      `<link rel="preload" as="fetch" href="${homeBannersUrl('BN').replace(/&/g, '&amp;')}" crossorigin>`,
    );
    expect(home.body).toContain(
      `<link rel="preload" as="image" href="${first}" fetchpriority="high"><title>`,
    );
    expect((await withHead.app.inject({ url: first })).statusCode).toBe(200);
    expect((await withHead.app.inject({ url: '/m/login' })).body).toBe(HEAD_INDEX);
  });
});

describe('the home page paints before its scripts run', () => {
  let withTemplate: TestApp;
  let templateDist: string;
  const PAINT = '<div id="first-paint"><b>Khela</b><img data-first-paint-image alt=""></div>';
  const PAGE =
    '<!doctype html><html><head><title>Khela</title></head><body>' +
    `<template data-first-paint="/m/home">\n  ${PAINT}\n</template>` +
    '<div id="root"></div></body></html>';

  beforeAll(async () => {
    templateDist = await mkdtemp(path.join(os.tmpdir(), 'khela-dist-'));
    await writeFile(path.join(templateDist, 'index.html'), PAGE);
    withTemplate = await createTestApp({ webDist: templateDist });
  });
  afterAll(async () => {
    await withTemplate.close();
    await rm(templateDist, { recursive: true, force: true });
  });

  it('puts the first paint, with the first banner, in front of the app root', async () => {
    const banners = await withTemplate.app.inject({ url: homeBannersUrl('BN') });
    const first = banners.json().value.banners[0].url as string;
    const home = await withTemplate.app.inject({ url: '/m/home' });
    expect(home.body).toContain(
      `<div id="first-paint"><b>Khela</b><img src="${first}" alt=""></div><div id="root"></div>`,
    );
    // Other pages have no first paint: their HTML is the built file.
    expect((await withTemplate.app.inject({ url: '/m/login' })).body).toBe(PAGE);
  });

  it('leaves the picture out when there is none, and pages without a template alone', () => {
    expect(withFirstPaint(PAGE, '/m/home', undefined)).toContain(
      '<div id="first-paint"><b>Khela</b></div><div id="root">',
    );
    expect(withFirstPaint(PAGE, '/m/login', 'x.png')).toBe(PAGE);
    expect(withFirstPaint(PAGE, '/m/home', '/a.png?x="1"&y')).toContain(
      '<img src="/a.png?x=&quot;1&quot;&amp;y" alt="">',
    );
  });
});
