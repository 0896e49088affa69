/**
 * The head icon through the API: a drawn avatar or an uploaded picture, judged by decoding it
 * (not by its name or declared type), 2 MB at most, re-encoded as a 256×256 WebP without
 * metadata and served with caching headers.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PATH = '/wps/member/headIcon';
const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? withToken(token) : {} });
const post = (token: string | undefined, payload: unknown, language = 'EN') =>
  t.app.inject({
    method: 'POST',
    url: `${PATH}?language=${language}`,
    headers: token ? withToken(token) : {},
    payload: payload as object,
  });

/** A 600×400 JPEG carrying EXIF (a camera name and a comment) that must not survive. */
const photo = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'home address' } })
    .toBuffer();

describe('GET and POST /wps/member/headIcon', () => {
  it('needs a session, and a real member', async () => {
    expect((await get(PATH)).statusCode).toBe(401);
    expect((await post(undefined, { drawnId: 1 })).statusCode).toBe(401);
    const trial = (await get('/wps/member/trialuser')).json().value.token as string;
    const res = await post(trial, { drawnId: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
  });

  it('starts with none, then takes a drawn avatar, served as a cached SVG', async () => {
    const { token } = await createMember(t.app);
    const none = await get(PATH, token);
    expect(none.json().value).toEqual({ kind: 'none', drawnId: null, url: null });
    expect(none.headers['cache-control']).toBe('no-store');

    const res = await post(token, { drawnId: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      kind: 'drawn',
      drawnId: 7,
      url: '/wps/headIcon/drawn/7.svg',
    });
    expect((await get(PATH, token)).json().value.drawnId).toBe(7);
    const svg = await get('/wps/headIcon/drawn/7.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(svg.body).toMatch(/^<svg /);
    // Twelve different pictures, and no thirteenth.
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) => get(`/wps/headIcon/drawn/${i + 1}.svg`)),
    );
    expect(new Set(all.map((r) => r.body)).size).toBe(12);
    expect((await get('/wps/headIcon/drawn/13.svg')).statusCode).toBe(404);
    expect((await post(token, { drawnId: 13 })).statusCode).toBe(400);
    expect((await post(token, { drawnId: 1, image: 'AAAA' })).statusCode).toBe(400);
  });

  it('re-encodes an upload as a 256×256 WebP without metadata, served for good', async () => {
    const { token } = await createMember(t.app);
    const res = await post(token, {
      image: `data:image/jpeg;base64,${(await photo()).toString('base64')}`,
    });
    expect(res.statusCode).toBe(200);
    const icon = res.json().value;
    expect(icon).toMatchObject({ kind: 'upload', drawnId: null });
    expect(icon.url).toMatch(/^\/wps\/headIcon\/[0-9a-f]{32}\.webp$/);

    const served = await get(icon.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('SecretCam')).toBe(false);

    // A new choice gives a new address; the old one is gone.
    await post(token, { drawnId: 2 });
    expect((await get(icon.url)).statusCode).toBe(404);
    expect((await get('/wps/headIcon/not-a-key.webp')).statusCode).toBe(400);
  });

  it('refuses a file that is not a picture, whatever it claims, with a clear message', async () => {
    const { token } = await createMember(t.app);
    const text = Buffer.from('this is a text file named photo.png').toString('base64');
    const res = await post(token, { image: `data:image/png;base64,${text}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'headIcon.imageType',
      message: 'Choose a photo (PNG, JPEG or WebP); this file is not one',
    });
    // An SVG decodes, but is not a photo: refused before any drawing.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await post(token, { image: svg.toString('base64') })).json().errorCode).toBe(
      'headIcon.imageType',
    );
    // Not base64 at all.
    expect((await post(token, { image: '%%%' })).json().errorCode).toBe('headIcon.imageType');
    // In Bengali too.
    const bn = await post(token, { image: text }, 'BN');
    expect(bn.json().message).toBe('একটি ছবি বেছে নিন (PNG, JPEG বা WebP); এই ফাইলটি ছবি নয়');
    // A PNG cut short claims the type but does not decode.
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#123' },
    })
      .png()
      .toBuffer();
    const cut = await post(token, { image: png.subarray(0, 120).toString('base64') });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().errorCode).toMatch(/^headIcon\.image(Unreadable|Type)$/);
    // Nothing changed.
    expect((await get(PATH, token)).json().value.kind).toBe('none');
  });

  it('refuses a file over 2 MB', async () => {
    const { token } = await createMember(t.app);
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 7);
    const res = await post(token, { image: big.toString('base64') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'headIcon.imageTooLarge',
      message: 'The photo must be at most 2 MB',
    });
    // A body far past the limit is refused before it is read.
    const huge = await post(token, { image: 'A'.repeat(4 * 1024 * 1024) });
    expect(huge.statusCode).toBe(400);
  });
});
