/**
 * Identity checks from the player's upload to the operator's decision: images judged by their
 * bytes, re-encoded without metadata (EXIF and GPS gone), served to operators only; approval and
 * rejection reach the inbox and the audit trail; a withdrawal held for the check goes on after
 * the approval.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { addTestChannels, memberWithPayee } from '../withdrawals/withdrawals.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addTestChannels(t.app);
});
afterAll(() => t.close());

const OWNER = 'Secret Camera Owner';

/** A phone photo: JPEG with the owner's name, a GPS position and "turn me" orientation. */
async function phonePhoto() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .withExif({
      IFD0: { Artist: OWNER },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '23/1 48/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '90/1 24/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** The GPS IFD pointer tag (0x8825) in an EXIF block, either byte order. */
function hasGpsTag(exif: Buffer) {
  for (let i = 0; i < exif.length - 1; i += 1) {
    if ((exif[i] === 0x88 && exif[i + 1] === 0x25) || (exif[i] === 0x25 && exif[i + 1] === 0x88)) {
      return true;
    }
  }
  return false;
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 30, height: 40, channels: 3, background: '#3c6' } })
    .webp()
    .toBuffer();

const b64 = (bytes: Buffer) => ({ data: bytes.toString('base64') });

async function documents() {
  return {
    front: { data: `data:image/jpeg;base64,${(await phonePhoto()).toString('base64')}` },
    back: b64(await png()),
    selfie: b64(await webp()),
  };
}

const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const upload = async (headers: Record<string, string>, body?: unknown) =>
  inject('POST', '/wps/member/kyc?language=EN', headers, body ?? (await documents()));
const kycState = async (headers: Record<string, string>) =>
  (await inject('GET', '/wps/member/kyc?language=EN', headers)).json().value;
const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  inject(method, `/ops/api${url}`, opsHeaders(), payload);

async function setSetting(name: string, value: unknown) {
  const res = await ops('GET', `/settings/${name}`);
  expect(res.statusCode).toBe(200);
  const put = await t.app.inject({
    method: 'PUT',
    url: `/ops/api/settings/${name}`,
    headers: opsHeaders(),
    payload: { value },
  });
  expect(put.statusCode).toBe(200);
}

async function inboxOf(headers: Record<string, string>, language: 'EN' | 'BN' = 'EN') {
  const res = await inject('GET', `/wps/inbox?language=${language}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json().value.list as Array<{ topic: string; title: string; body: string }>;
}

async function submissionOf(username: string) {
  const res = await ops('GET', `/kyc?state=all&username=${username}`);
  expect(res.statusCode).toBe(200);
  return res.json().value.list[0] as { id: string; state: string; images: Array<{ side: string }> };
}

describe('the player sends identity documents', () => {
  it('needs a logged-in real member', async () => {
    expect((await inject('GET', '/wps/member/kyc', {})).statusCode).toBe(401);
    expect((await upload({})).statusCode).toBe(401);
  });

  it('stores them re-encoded as JPEG with no EXIF, no GPS, turned upright, for operators only', async () => {
    const member = await createMember(t.app);
    const headers = withToken(member.token);
    expect(await kycState(headers)).toMatchObject({ state: 'none', canUpload: true });

    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.exif && hasGpsTag(before.exif)).toBe(true);
    expect(original.includes(OWNER)).toBe(true);

    const sent = await upload(headers);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value).toMatchObject({ state: 'waiting', canUpload: false });

    // The operator sees it waiting, with its three images.
    const queue = (await ops('GET', '/kyc?state=waiting')).json().value;
    const row = queue.list.find((item: { username: string }) => item.username === member.username);
    expect(row).toMatchObject({ state: 'waiting' });
    expect(row.images.map((image: { side: string }) => image.side)).toEqual([
      'front',
      'back',
      'selfie',
    ]);
    expect(queue.waitingCount).toBeGreaterThanOrEqual(1);

    const image = await ops('GET', `/kyc/${row.id}/images/front`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const stored = image.rawPayload;
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(OWNER)).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
    // Orientation 6 was applied: the 64 × 48 photo stands 48 × 64.
    expect([after.width, after.height]).toEqual([48, 64]);
    // PNG and WebP arrive as JPEG too.
    const back = await ops('GET', `/kyc/${row.id}/images/back`);
    expect((await sharp(back.rawPayload).metadata()).format).toBe('jpeg');

    // No player route serves them: not the player's own token on the operator route, and no
    // image path under the player API.
    const asPlayer = await inject('GET', `/ops/api/kyc/${row.id}/images/front`, headers);
    expect(asPlayer.statusCode).toBe(401);
    const underPlayerApi = await inject('GET', `/wps/member/kyc/${row.id}/images/front`, headers);
    expect(underPlayerApi.statusCode).toBe(404);
    expect(underPlayerApi.headers['content-type']).not.toBe('image/jpeg');

    // While waiting, another upload is refused.
    const again = await upload(headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('kyc.alreadySubmitted');
  });

  it('refuses a file that is not an image, whatever it claims, and stores nothing', async () => {
    const member = await createMember(t.app);
    const headers = withToken(member.token);
    const docs = await documents();
    const res = await upload(headers, {
      ...docs,
      back: {
        data: `data:image/png;base64,${Buffer.from('%PDF-1.7 not a photo').toString('base64')}`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'kyc.imageType',
      message: 'Identity images must be photos (JPG, PNG or WebP)',
      data: { field: 'back' },
    });
    // Image magic bytes with garbage after them do not decode.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const unreadable = await upload(headers, { ...docs, selfie: b64(broken) });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({
      errorCode: 'kyc.imageUnreadable',
      data: { field: 'selfie' },
    });
    expect(await kycState(headers)).toMatchObject({ state: 'none' });
  });

  it('refuses an image above 5 MB, in the player language', async () => {
    const member = await createMember(t.app);
    const headers = withToken(member.token);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await inject('POST', '/wps/member/kyc?language=BN', headers, {
      ...(await documents()),
      front: b64(big),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'kyc.imageTooLarge',
      message: 'প্রতিটি ছবি সর্বোচ্চ ৫ MB হতে পারে',
      data: { field: 'front' },
    });
    expect(await kycState(headers)).toMatchObject({ state: 'none' });
  });
});

describe('the operator decides', () => {
  it('approves: the player is told, the held withdrawal joins the queue and is paid', async () => {
    await setSetting('kycWithdrawalSingle', 50_000);
    try {
      const { headers, payeeId } = await memberWithPayee(t.app, { fundsMinor: 500_000 });
      const small = await inject(
        'POST',
        '/wps/wallet/withdrawals?language=EN',
        { ...headers, 'idempotency-key': randomUUID() },
        { payeeId, amountMinor: 20_000 },
      );
      expect(small.json().value.withdrawal.status).toBe('pending');
      const large = await inject(
        'POST',
        '/wps/wallet/withdrawals?language=EN',
        { ...headers, 'idempotency-key': randomUUID() },
        { payeeId, amountMinor: 80_000 },
      );
      expect(large.statusCode).toBe(200);
      const held = large.json().value.withdrawal;
      expect(held.status).toBe('waiting_kyc');
      // The amount is held meanwhile.
      expect(large.json().value.balanceMinor).toBe(400_000);
      // The operator cannot approve it before the identity is verified.
      const early = await ops('POST', `/wallet/withdrawals/${held.id}/approve`);
      expect(early.statusCode).toBe(409);
      expect(early.json().data.status).toBe('waiting_kyc');
      expect(await kycState(headers)).toMatchObject({ state: 'none', waitingWithdrawals: 1 });

      expect((await upload(headers)).statusCode).toBe(200);
      const username = (await ops('GET', `/wallet/withdrawals?status=waiting_kyc`))
        .json()
        .value.find((row: { id: string }) => row.id === held.id).username as string;
      const submission = await submissionOf(username);
      expect(submission.state).toBe('waiting');

      const approved = await ops('POST', `/kyc/${submission.id}/approve`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().value).toMatchObject({
        submission: { state: 'approved', decidedBy: 'automation' },
        releasedWithdrawals: [held.id],
      });
      expect(await kycState(headers)).toMatchObject({
        state: 'approved',
        canUpload: false,
        waitingWithdrawals: 0,
      });

      const messages = await inboxOf(headers);
      expect(messages[0]).toMatchObject({ topic: 'kyc.approved', title: 'Identity verified' });
      const bn = await inboxOf(headers, 'BN');
      expect(bn[0]!.title).toBe('পরিচয় যাচাই সম্পন্ন');

      const audit = rowsOf<{ action: string; target_id: string }>(
        await t.database.db.execute(
          sql`select action, target_id from audit_events where target_type = 'kyc' and target_id = ${submission.id}`,
        ),
      );
      expect(audit).toEqual([{ action: 'kyc.approve', target_id: submission.id }]);

      // The withdrawal that waited is in the queue now, and the operator pays it.
      const queue = (await ops('GET', '/wallet/withdrawals')).json().value as Array<{
        id: string;
        status: string;
      }>;
      expect(queue.find((row) => row.id === held.id)?.status).toBe('pending');
      const paid = await ops('POST', `/wallet/withdrawals/${held.id}/approve`);
      expect(paid.statusCode).toBe(200);
      expect(paid.json().value.status).toBe('paid');

      // Verified now: the next large withdrawal does not wait.
      const next = await inject(
        'POST',
        '/wps/wallet/withdrawals?language=EN',
        { ...headers, 'idempotency-key': randomUUID() },
        { payeeId, amountMinor: 90_000 },
      );
      expect(next.json().value.withdrawal.status).toBe('pending');

      // Decided once only.
      const twice = await ops('POST', `/kyc/${submission.id}/reject`, { reason: 'late' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        errorCode: 'kyc.notWaiting',
        data: { state: 'approved' },
      });
    } finally {
      await setSetting('kycWithdrawalSingle', 0);
    }
  });

  it('holds a withdrawal that takes the 30-day total above the setting', async () => {
    await setSetting('kycWithdrawal30Days', 100_000);
    try {
      const { headers, payeeId } = await memberWithPayee(t.app, { fundsMinor: 500_000 });
      const send = (amountMinor: number) =>
        inject(
          'POST',
          '/wps/wallet/withdrawals?language=EN',
          { ...headers, 'idempotency-key': randomUUID() },
          { payeeId, amountMinor },
        );
      expect((await send(60_000)).json().value.withdrawal.status).toBe('pending');
      const second = (await send(60_000)).json().value.withdrawal;
      expect(second.status).toBe('waiting_kyc');
      // The player may cancel one that waits; the amount comes back.
      const cancelled = await inject(
        'POST',
        `/wps/wallet/withdrawals/${second.id}/cancel?language=EN`,
        headers,
      );
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().value.status).toBe('cancelled');
    } finally {
      await setSetting('kycWithdrawal30Days', 0);
    }
  });

  it('rejects with a reason the player reads in the inbox; the player may send again', async () => {
    const member = await createMember(t.app);
    const headers = withToken(member.token);
    expect((await upload(headers)).statusCode).toBe(200);
    const submission = await submissionOf(member.username);

    const missing = await ops('POST', `/kyc/${submission.id}/reject`, {});
    expect(missing.statusCode).toBe(400);
    const rejected = await ops('POST', `/kyc/${submission.id}/reject`, {
      reason: 'The photo of the back is blurred',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().value.submission).toMatchObject({
      state: 'rejected',
      reason: 'The photo of the back is blurred',
    });
    expect(await kycState(headers)).toMatchObject({
      state: 'rejected',
      reason: 'The photo of the back is blurred',
      canUpload: true,
    });
    const [message] = await inboxOf(headers);
    expect(message).toMatchObject({ topic: 'kyc.rejected' });
    expect(message!.body).toContain('The photo of the back is blurred');
    const [bn] = await inboxOf(headers, 'BN');
    expect(bn!.body).toContain('কারণ: The photo of the back is blurred');

    expect((await upload(headers)).statusCode).toBe(200);
    expect(await kycState(headers)).toMatchObject({ state: 'waiting' });
    expect((await ops('GET', '/kyc/999999999')).statusCode).toBe(404);
  });
});
