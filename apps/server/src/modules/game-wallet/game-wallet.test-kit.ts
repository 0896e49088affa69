/**
 * Helpers for tests that play through the game wallet: a funded member, a game session for a
 * catalogue game, and signed vendor calls as the demo vendor's server makes them.
 */
import { randomUUID } from 'node:crypto';
import {
  VENDOR_PROVIDER_HEADER,
  VENDOR_SIGNATURE_HEADER,
  type VendorBetBody,
  type VendorTransaction,
  type VendorWinBody,
} from '@khela/contract/vendor-wallet';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createMember } from '../../../test/factories';
import { opsHeaders } from '../../../test/test-app';
import { memberReads } from '../accounts/member-reads';
import { signBody } from './game-vendors';
import type { GameAccountKind } from './game-wallet';

export async function fundedMember(app: FastifyInstance, amountMinor = 1_000_00) {
  const member = await createMember(app);
  const row = await memberReads.byUsername(app.database.db, member.username);
  if (amountMinor > 0) {
    const res = await app.inject({
      method: 'POST',
      url: '/ops/api/wallet/adjustments',
      headers: opsHeaders(),
      payload: { username: member.username, amountMinor, reason: 'test funds', key: randomUUID() },
    });
    if (res.statusCode !== 200) throw new Error(`funding failed: ${res.body}`);
  }
  return { ...member, memberId: row!.id };
}

/** A member's cash (or play-money) balance in minor units, read from the ledger. */
export async function balanceOf(
  app: FastifyInstance,
  memberId: bigint,
  kind: GameAccountKind = 'cash',
): Promise<number> {
  return Number(
    await app.services.ledger.balance(app.database.db, { kind, ownerId: memberId }, 'BDT'),
  );
}

/** The first visible game of a vendor (DEMO-served by default). */
export async function gameOf(app: FastifyInstance, vendorCode = 'JILI') {
  const rows = await app.database.db.execute(
    sql`select id, game_code from games where vendor_code = ${vendorCode} and not hidden order by id limit 1`,
  );
  const row = (rows as { rows: { id: string | number; game_code: string }[] }).rows[0]!;
  return { id: BigInt(row.id), gameCode: row.game_code };
}

export async function openGameSession(
  app: FastifyInstance,
  memberId: bigint,
  options: { vendorCode?: string; provider?: string; accountKind?: GameAccountKind } = {},
) {
  const game = await gameOf(app, options.vendorCode);
  const { token } = await app.services.gameWallet.openSession({
    memberId,
    gameId: game.id,
    providerCode: options.provider ?? 'DEMO',
    accountKind: options.accountKind ?? 'cash',
    currency: app.services.settings.get('merchant').currency,
    language: 'EN',
  });
  return { token, game };
}

/** A vendor call signed as `provider` would sign it. */
export function vendorCall(
  app: FastifyInstance,
  path: 'balance' | 'bet' | 'win' | 'wins' | 'rollback' | 'adjust',
  body: Record<string, unknown>,
  options: { provider?: string; secret?: string } = {},
) {
  const provider = options.provider ?? 'DEMO';
  const raw = JSON.stringify(body);
  const secret = options.secret ?? app.services.gameVendors.get(provider)!.secret;
  return app.inject({
    method: 'POST',
    url: `/wps/vendor/${path}?language=EN`,
    headers: {
      'content-type': 'application/json',
      [VENDOR_PROVIDER_HEADER]: provider,
      [VENDOR_SIGNATURE_HEADER]: signBody(secret, raw),
    },
    payload: raw,
  });
}

/** The wallet refused a call (insufficient funds, a limit, …): its error code. */
export class WalletRefusal extends Error {
  constructor(readonly errorCode: string) {
    super(errorCode);
  }
}

/**
 * A vendor's server calling the wallet over real HTTP with its signature, as an outside vendor
 * (apps/partners' demo vendor) calls it: the answer's value, or a WalletRefusal.
 */
export function signedWallet(options: {
  baseUrl: () => string;
  provider: string;
  secret: () => string;
}) {
  const call = async (path: 'bet' | 'win', body: object): Promise<VendorTransaction> => {
    const raw = JSON.stringify(body);
    const response = await fetch(`${options.baseUrl()}/wps/vendor/${path}?language=EN`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [VENDOR_PROVIDER_HEADER]: options.provider,
        [VENDOR_SIGNATURE_HEADER]: signBody(options.secret(), raw),
      },
      body: raw,
    });
    const answer = (await response.json()) as
      { success: true; value: VendorTransaction } | { success: false; errorCode: string };
    if (!answer.success) throw new WalletRefusal(answer.errorCode);
    return answer.value;
  };
  return {
    bet: (body: VendorBetBody, _language: string) => call('bet', body),
    win: (body: VendorWinBody, _language: string) => call('win', body),
  };
}
