/**
 * The demo catalogue goes in at first start, when there are no vendors yet: vendors ordered so the
 * menu follows DEMO_CATEGORY_ORDER, their games in batches, and a board of big wins.
 */
import { COCKFIGHT_VENDORS, ESPORT_VENDORS } from '@khela/contract/game-categories';
import type { DbOrTx } from '../../db/client';
import { DEMO_CATEGORY_ORDER, DEMO_VENDORS, demoGames } from './demo-catalogue';
import { gamesRepository as repo, type NewGame } from './games.repository';
import { seedOf } from './games.service';

/** Rows per insert: well under Postgres's 65,535 parameters per statement. */
const BATCH = 500;

// prettier-ignore
const DEMO_WINNERS = [
  'rahim88', 'karim_bd', 'shapla21', 'tanvir007', 'nusrat99', 'sabbir12', 'mitu2024', 'rakib_k',
  'joy7777', 'farhana5', 'arif_dhaka', 'sumon33', 'lipi_s', 'hasan420', 'moni_ctg', 'babu99',
];

/**
 * The demo catalogue's vendors are served by one registry vendor (the demo vendor): each that
 * names none yet is pointed at it.
 */
export function demoCatalogueServedBy(registryCode: string) {
  return (db: DbOrTx) =>
    repo.serveUnservedBy(
      db,
      DEMO_VENDORS.map((vendor) => vendor.code),
      registryCode,
    );
}

/**
 * The demo's sportsbook tiles: cricket, football, kabaddi and in-play, and the e-sports and
 * cockfight vendors' (the launch's category opens the sportsbook on their sport). All served by
 * the sportsbook partner.
 */
export const DEMO_SPORTSBOOK_VENDORS: string[] = [
  'CRICKETLINE',
  'PITCH',
  ...ESPORT_VENDORS,
  ...COCKFIGHT_VENDORS,
];

export function demoSportsServedBy(registryCode: string) {
  return (db: DbOrTx) => repo.serveUnservedBy(db, DEMO_SPORTSBOOK_VENDORS, registryCode);
}

export async function seedCatalogue(db: DbOrTx) {
  if ((await repo.vendorCount(db)) > 0) return;
  await repo.insertVendors(
    db,
    DEMO_VENDORS.map((vendor, index) => ({
      code: vendor.code,
      nameEn: vendor.nameEn,
      nameBn: vendor.nameBn,
      category: vendor.category,
      gameType: vendor.gameType,
      sortOrder: DEMO_CATEGORY_ORDER.indexOf(vendor.category) * 100 + index,
      iconSeed: seedOf(vendor.code),
    })),
  );
  const rows: NewGame[] = demoGames().map((game) => ({ ...game }));
  const ids: bigint[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const inserted = await repo.insertGames(db, rows.slice(start, start + BATCH));
    ids.push(...inserted.map((row) => row.id));
  }
  // Big wins on games across the catalogue, spread over the last day.
  const eligible = ids.filter((_, index) => index % 7 === 0);
  await repo.insertBigWins(
    db,
    Array.from({ length: 30 }, (_, index) => ({
      gameId: eligible[(index * 37) % eligible.length]!,
      customerName: DEMO_WINNERS[index % DEMO_WINNERS.length]!,
      winMinor: BigInt(((index * 7919) % 90_000) * 100 + 150_000),
      createdAt: new Date(Date.now() - index * 45 * 60_000),
    })),
  );
}
