/**
 * Records and reports of a member's own money, read from the ledger: transaction records (the
 * cash account's entries), profit and loss for a period, and game records (rounds; the games
 * issue fills them). Periods are whole days of the records' time zone, `to` included, at most
 * RECORDS.maxSpanDays long. Each screen follows its white-label flag: TRANSREC3 (transaction
 * records), PERSREP (profit and loss), TRANSBETREPMEM3 (game records: off answers the spec's
 * contact_service).
 */
import {
  RECORDS,
  RECORDS_TIME_ZONE,
  addDays,
  defaultRange,
  spanDays,
  type GameRecordPage,
  type GameRound,
  type ProfitLoss,
  type TransactionPage,
  type TransactionType,
} from '@khela/contract/records';
import { siteDayStart } from '@khela/contract/date';
import type { Language } from '@khela/contract/language';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { gameRoundReads } from '../game-wallet/game-round-reads';
import { gameReads } from '../games/game-reads';
import { ledgerReads } from '../ledger/ledger-reads';
import type { SettingsService } from '../settings/settings.service';

export interface RangeQuery {
  from?: string;
  to?: string;
}

interface Range {
  from: string;
  to: string;
  /** First instant of `from`. */
  start: Date;
  /** First instant after `to`. */
  end: Date;
}

const CURSOR = /^e(\d{1,19})$/;

/** Opaque to clients: the last entry id of the page, so the next page starts below it. */
export function encodeCursor(id: bigint): string {
  return Buffer.from(`e${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): bigint {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match || encodeCursor(BigInt(match[1]!)) !== cursor) throw new AppError('records.badCursor');
  return BigInt(match[1]!);
}

export function resolveRange(query: RangeQuery, now = new Date()): Range {
  let to = query.to;
  if (to === undefined) {
    const today = defaultRange(now).to;
    to = query.from && query.from > today ? query.from : today;
  }
  const from = query.from ?? addDays(to, 1 - RECORDS.defaultDays);
  if (from > to) throw new AppError('records.badRange');
  if (spanDays(from, to) > RECORDS.maxSpanDays) {
    throw new AppError('records.rangeTooLong', { maxDays: RECORDS.maxSpanDays });
  }
  return { from, to, start: siteDayStart(from), end: siteDayStart(addDays(to, 1)) };
}

const echo = (range: Range) => ({ from: range.from, to: range.to, timeZone: RECORDS_TIME_ZONE });

export class RecordsService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** The member's cash movements in the period, newest first, a page at a time. */
  async transactions(
    memberId: bigint,
    query: RangeQuery & { type?: TransactionType; cursor?: string; pageSize?: number },
  ): Promise<TransactionPage> {
    if (!this.settings.flag('TRANSREC3')) throw new AppError('feature.disabled');
    const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const range = resolveRange(query);
    const pageSize = query.pageSize ?? RECORDS.pageSize;
    const rows = await ledgerReads.cashEntryPage(this.db, {
      memberId,
      from: range.start,
      to: range.end,
      beforeId,
      type: query.type,
      limit: pageSize + 1,
    });
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    return {
      ...echo(range),
      list: page.map((row) => ({
        id: row.id.toString(),
        time: row.createdAt.toISOString(),
        type: ledgerReads.typeOf(row.kind),
        amountMinor: Number(row.amountMinor),
        balanceAfterMinor: Number(row.balanceAfterMinor),
        transactionId: row.transactionId.toString(),
        reference: referenceOf(row.reference),
      })),
      nextCursor: rows.length > pageSize && last ? encodeCursor(last.id) : null,
    };
  }

  /** The period's totals by kind of movement, from the member's ledger entries. */
  async profitLoss(memberId: bigint, query: RangeQuery): Promise<ProfitLoss> {
    if (!this.settings.flag('PERSREP')) throw new AppError('feature.disabled');
    const range = resolveRange(query);
    const rows = await ledgerReads.periodTotals(this.db, memberId, range.start, range.end);
    const cash: Record<TransactionType, bigint> = {
      deposit: 0n,
      withdrawal: 0n,
      bet: 0n,
      win: 0n,
      rebate: 0n,
      bonus: 0n,
      transfer: 0n,
      adjustment: 0n,
    };
    let paidOut = 0n;
    for (const row of rows) {
      const total = BigInt(row.totalMinor);
      if (row.account === 'cash') cash[row.type] += total;
      else if (row.payout) paidOut -= total;
    }
    const deposits = cash.deposit;
    const bets = -cash.bet;
    const gameResult = cash.win - bets;
    const rebates = cash.rebate + cash.bonus;
    return {
      ...echo(range),
      depositsMinor: Number(deposits),
      withdrawalsMinor: Number(paidOut),
      netDepositsMinor: Number(deposits - paidOut),
      betsMinor: Number(bets),
      winsMinor: Number(cash.win),
      gameResultMinor: Number(gameResult),
      rebatesMinor: Number(rebates),
      adjustmentsMinor: Number(cash.adjustment),
      transfersMinor: Number(cash.transfer),
      netResultMinor: Number(gameResult + rebates + cash.adjustment),
    };
  }

  /**
   * Game rounds in the period, newest first: game, stake, win, balance before and after (cash,
   * or play money for trial and free play). TRANSBETREPMEM3 off answers contact_service.
   */
  async gameRecords(
    memberId: bigint,
    query: RangeQuery & { cursor?: string; pageSize?: number; language?: Language },
  ): Promise<GameRecordPage> {
    if (!this.settings.flag('TRANSBETREPMEM3')) throw new AppError('contact_service');
    const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const range = resolveRange(query);
    const pageSize = query.pageSize ?? RECORDS.pageSize;
    const rows = await gameRoundReads.memberRounds(this.db, {
      memberId,
      from: range.start,
      to: range.end,
      beforeId,
      limit: pageSize + 1,
    });
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    // The page's games named in one read, however many rounds share them.
    const names = await gameReads.namesByIds(
      this.db,
      page.map((row) => row.gameId),
    );
    const bn = query.language === 'BN';
    return {
      ...echo(range),
      list: page.map((row) => {
        const name = names.get(row.gameId);
        return {
          id: row.id.toString(),
          time: row.openedAt.toISOString(),
          settledAt: row.settledAt?.toISOString() ?? null,
          status: row.status as GameRound['status'],
          playMoney: row.accountKind === 'play',
          gameName: (bn ? name?.gameBn : name?.gameEn) ?? '',
          vendor: (bn ? name?.vendorBn : name?.vendorEn) ?? '',
          stakeMinor: Number(row.stakeMinor),
          winMinor: Number(row.winMinor),
          balanceBeforeMinor: Number(row.balanceBeforeMinor ?? 0),
          balanceAfterMinor: Number(row.balanceAfterMinor ?? 0),
        };
      }),
      nextCursor: rows.length > pageSize && last ? encodeCursor(last.id) : null,
    };
  }
}

/** The id a player can quote: the deposit, withdrawal or round the movement is about. */
function referenceOf(reference: Record<string, string | number | boolean> | null): string | null {
  const value =
    reference?.depositId ?? reference?.withdrawalId ?? reference?.roundId ?? reference?.round;
  return value === undefined ? null : String(value);
}
