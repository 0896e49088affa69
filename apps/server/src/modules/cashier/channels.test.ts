/** Payment channels: the player's list and the operator's changes, which players see at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelListSchema, OpsChannelListSchema, type Channel } from '@khela/contract/cashier';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const channels = async (language = 'EN') => {
  const res = await t.app.inject({ url: `/wps/wallet/channels?language=${language}` });
  expect(res.statusCode).toBe(200);
  return ChannelListSchema.parse(res.json().value).list;
};
const patch = (code: string, payload: unknown, headers = opsHeaders()) =>
  t.app.inject({
    method: 'PATCH',
    url: `/ops/api/wallet/channels/${code}?language=EN`,
    headers,
    payload: payload as Record<string, unknown>,
  });

describe('GET /wps/wallet/channels', () => {
  it('lists the demo channels with their limits, presets and account patterns', async () => {
    const list = await channels();
    expect(list.map((c) => c.code)).toEqual(['BKASH', 'NAGAD', 'ROCKET', 'BANK']);
    const bkash = list[0]!;
    expect(bkash).toEqual({
      code: 'BKASH',
      name: 'bKash',
      currency: 'BDT',
      deposit: {
        enabled: true,
        minMinor: 20_000,
        maxMinor: 2_500_000,
        presetsMinor: [50_000, 100_000, 200_000, 500_000, 1_000_000],
      },
      withdraw: { enabled: true, minMinor: 50_000, maxMinor: 2_500_000 },
      accountPattern: '^01[3-9][0-9]{8}$',
      playMoney: true,
    } satisfies Channel);
    expect(new RegExp(bkash.accountPattern).test('01712345678')).toBe(true);
    expect(new RegExp(bkash.accountPattern).test('0171234567')).toBe(false);
    const bank = new RegExp(list[3]!.accountPattern);
    expect(bank.test('1234567890')).toBe(true);
    expect(bank.test('123456789012345678')).toBe(false);
    expect((await channels('BN')).map((c) => c.name)).toEqual([
      'বিকাশ',
      'নগদ',
      'রকেট',
      'ব্যাংক ট্রান্সফার',
    ]);
  });
});

describe('operator channel calls', () => {
  it('need the operator token', async () => {
    const list = await t.app.inject({ url: '/ops/api/wallet/channels' });
    expect(list.statusCode).toBe(401);
    const change = await patch('BKASH', { depositEnabled: false }, { authorization: 'Bearer no' });
    expect(change.statusCode).toBe(401);
    expect((await channels())[0]!.deposit.enabled).toBe(true);
  });

  it('change a channel, and players see it at once', async () => {
    await channels(); // fills the cache
    const res = await patch('NAGAD', {
      depositMinMinor: 50_000,
      depositMaxMinor: 3_000_000,
      presetsMinor: [3_000_000, 50_000, 100_000],
      withdrawEnabled: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      code: 'NAGAD',
      depositMinMinor: 50_000,
      depositMaxMinor: 3_000_000,
      presetsMinor: [50_000, 100_000, 3_000_000],
      withdrawEnabled: false,
    });
    const nagad = (await channels()).find((c) => c.code === 'NAGAD')!;
    expect(nagad.deposit).toEqual({
      enabled: true,
      minMinor: 50_000,
      maxMinor: 3_000_000,
      presetsMinor: [50_000, 100_000, 3_000_000],
    });
    expect(nagad.withdraw.enabled).toBe(false);

    const all = await t.app.inject({ url: '/ops/api/wallet/channels', headers: opsHeaders() });
    const ops = OpsChannelListSchema.parse(all.json().value);
    expect(ops.find((c) => c.code === 'NAGAD')).toMatchObject({ nameEn: 'Nagad', nameBn: 'নগদ' });
  });

  it('refuse settings that do not fit together, changing nothing', async () => {
    const before = (await channels()).find((c) => c.code === 'BANK')!;
    const upsideDown = await patch('BANK', { withdrawMinMinor: 20_000_000 });
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json()).toMatchObject({
      errorCode: 'wallet.channelInvalid',
      data: { fields: { withdrawMinMinor: ['above withdrawMaxMinor'] } },
    });
    const presetOutside = await patch('BANK', { presetsMinor: [100] });
    expect(Object.keys(presetOutside.json().data.fields)).toEqual(['presetsMinor']);
    const unknownField = await patch('BANK', { currency: 'USD' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errorCode).toBe('validation.invalid');
    const unknown = await patch('PAYPAL', { depositEnabled: false });
    expect(unknown.statusCode).toBe(404);
    expect((await channels()).find((c) => c.code === 'BANK')).toEqual(before);
  });
});
