/**
 * The demo vendor's suites play against the product's real wallet, as a vendor tests against an
 * operator's staging site: the product (the server's test harness) listens on a free port, and
 * the partners app is built pointing at it with the secret the demo seed shared. Only tests reach
 * into the product; the partners app itself knows it by address and secret.
 */
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { withToken } from '../../../server/test/factories';
import { TEST_DEMO_SEED } from '../../../server/test/demo-seed';
import { TEST_SANDBOX_SECRET } from '../../../server/test/stand-ins/sandbox';
import { createTestApp, type TestApp } from '../../../server/test/test-app';
import {
  balanceOf,
  fundedMember,
  gameOf,
} from '../../../server/src/modules/game-wallet/game-wallet.test-kit';
import { buildPartnersApp, type PartnersDeps } from '../app';
import type { PartnersConfig } from '../config';
import { openJournalDb, type JournalDbHandle } from '../journal-db';

export interface Product {
  t: TestApp;
  /** Where the product listens, e.g. http://127.0.0.1:41234. */
  base: string;
}

export async function startProduct(): Promise<Product> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

/** The partners' public address in the suites (they inject; nothing is opened there). */
export const PARTNERS_PUBLIC_URL = 'http://partners.test';

export function partnersConfig(product: Product): PartnersConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: PARTNERS_PUBLIC_URL,
    productUrl: product.base,
    walletUrl: product.base,
    demoVendor: { code: 'DEMO', secret: TEST_DEMO_SEED.demoVendor.secret },
    sportsbook: {
      code: 'SPORTSBOOK',
      secret: TEST_DEMO_SEED.sportsbook!.secret,
      seed: 'test',
      speed: 1,
      marginBp: 500,
      minStakeMinor: 10_00,
      maxStakeMinor: 50_000_00,
      maxPayoutMinor: 1_000_000_00,
      cashOutFeeBp: 300,
    },
    sandboxGateway: { secret: TEST_SANDBOX_SECRET },
    databaseUrl: undefined,
    dataDir: undefined,
    logLevel: 'silent',
  };
}

/**
 * A new embedded database runs initdb: seconds of CPU, which was most of these suites' set-up.
 * A worker's files share their modules (vitest.config.ts), so it runs once a worker and each
 * journal starts from a copy of that empty database.
 */
let emptyJournal: Promise<Blob> | undefined;
async function initdbOnce() {
  const client = await PGlite.create();
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The vendor's journal database of its own, in memory, as the partners app opens one. */
export async function freshJournal(): Promise<JournalDbHandle> {
  emptyJournal ??= initdbOnce();
  return openJournalDb({
    databaseUrl: undefined,
    dataDir: undefined,
    loadDataDir: await emptyJournal,
  });
}

export interface Vendor {
  app: FastifyInstance;
  journal: JournalDbHandle;
  close(): Promise<void>;
}

/** The partners app against `product`, on a journal database of its own (or the one given). */
export async function startVendor(
  product: Product,
  demoVendor: PartnersDeps['demoVendor'] = { recovery: false },
  journal?: JournalDbHandle,
  sportsbook: PartnersDeps['sportsbook'] = { settleEveryMs: false },
): Promise<Vendor> {
  const database = journal ?? (await freshJournal());
  const app = await buildPartnersApp(partnersConfig(product), { database, demoVendor, sportsbook });
  await app.ready();
  return {
    app,
    journal: database,
    async close() {
      await app.close();
      if (!journal) await database.close();
    },
  };
}

/** A funded player who launched a game of `vendor`: the vendor page's address and the session. */
export async function launchedPlayer(product: Product, amountMinor: number, vendor = 'JILI') {
  const app = product.t.app;
  const p = await fundedMember(app, amountMinor);
  const res = await app.inject({
    url: `/wps/game/launchGame?nodeId=${(await gameOf(app, vendor)).id}&language=EN`,
    headers: withToken(p.token),
  });
  const { value } = res.json<{ value: { url: string; token: string } }>();
  const page = new URL(value.url);
  // The vendor app is injected into directly: its path and query, whatever its registered host.
  return { ...p, pagePath: `${page.pathname}${page.search}`, gameToken: value.token };
}

export const cashOf = (product: Product, memberId: bigint) => balanceOf(product.t.app, memberId);
