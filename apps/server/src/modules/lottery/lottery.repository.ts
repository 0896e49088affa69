/** The lottery's queries. Every status change is conditional on the status it moves from. */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { lotteryDraws, lotterySessions, lotteryTickets } from '../../db/schema/lottery';

type Db = Database;

export type DrawRow = typeof lotteryDraws.$inferSelect;
export type TicketRow = typeof lotteryTickets.$inferSelect;

export interface NewDraw {
  gameId: bigint;
  drawNo: number;
  format: string;
  opensAt: Date;
  closesAt: Date;
  drawsAt: Date;
  serverSeed: string;
  serverSeedHash: string;
}

/** Another process may have made the same slot first; its seed stands. */
export async function insertDraws(db: Db, draws: NewDraw[]) {
  if (draws.length === 0) return;
  await db.insert(lotteryDraws).values(draws).onConflictDoNothing();
}

export async function closeDue(db: Db, now: Date) {
  return db
    .update(lotteryDraws)
    .set({ status: 'closed' })
    .where(and(eq(lotteryDraws.status, 'open'), sql`${lotteryDraws.closesAt} <= ${now}`))
    .returning({ id: lotteryDraws.id });
}

/**
 * Draws every closed draw that is due, in one transaction holding the rows: a second process
 * skips the locked ones, and the update is conditional on `closed`, so a result is written once.
 */
export async function drawDue(
  db: Db,
  now: Date,
  result: (draw: { id: bigint; format: string; serverSeed: string }) => number[],
) {
  return db.transaction(async (tx) => {
    const due = rowsOf<{ id: string | number; format: string; server_seed: string }>(
      await tx.execute(sql`
        select id, format, server_seed from lottery_draws
        where status = 'closed' and draws_at <= ${now}
        order by draws_at limit 200 for update skip locked`),
    );
    for (const row of due) {
      const id = BigInt(row.id);
      await tx
        .update(lotteryDraws)
        .set({
          status: 'drawn',
          result: result({ id, format: row.format, serverSeed: row.server_seed }),
          drawnAt: now,
        })
        .where(and(eq(lotteryDraws.id, id), eq(lotteryDraws.status, 'closed')));
    }
    return due.length;
  });
}

export interface SettleRow {
  ticketId: bigint;
  memberId: bigint;
  roundRef: string;
  picks: number[];
  stakeMinor: bigint;
  format: string;
  result: number[] | null;
  drawId: bigint;
  token: string;
}

/** Open tickets of drawn draws. */
export async function ticketsToSettle(db: Db, limit: number): Promise<SettleRow[]> {
  return db
    .select({
      ticketId: lotteryTickets.id,
      memberId: lotteryTickets.memberId,
      roundRef: lotteryTickets.roundRef,
      picks: lotteryTickets.picks,
      stakeMinor: lotteryTickets.stakeMinor,
      format: lotteryDraws.format,
      result: lotteryDraws.result,
      drawId: lotteryDraws.id,
      token: lotterySessions.token,
    })
    .from(lotteryTickets)
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryTickets.drawId))
    .innerJoin(lotterySessions, eq(lotterySessions.id, lotteryTickets.sessionId))
    .where(and(eq(lotteryDraws.status, 'drawn'), eq(lotteryTickets.status, 'open')))
    .orderBy(lotteryTickets.id)
    .limit(limit);
}

export async function markSettled(
  db: Db,
  ticketId: bigint,
  change: { status: 'won' | 'lost' | 'void'; winMinor: bigint; hits: number | null; at: Date },
) {
  await db
    .update(lotteryTickets)
    .set({
      status: change.status,
      winMinor: change.winMinor,
      hits: change.hits,
      settledAt: change.at,
    })
    .where(and(eq(lotteryTickets.id, ticketId), eq(lotteryTickets.status, 'open')));
}

/** A drawn draw with no open ticket left is settled. */
export async function settleDraws(db: Db, now: Date) {
  return db.execute(sql`
    update lottery_draws d set status = 'settled', settled_at = ${now}
    where d.status = 'drawn'
      and not exists (select 1 from lottery_tickets t where t.draw_id = d.id and t.status = 'open')`);
}

export async function drawById(db: Db, id: bigint) {
  const [row] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, id));
  return row;
}

/** Per game: the first two draws still taking bets (current and next). */
export async function openDraws(db: Db, gameIds: bigint[], now: Date): Promise<DrawRow[]> {
  if (gameIds.length === 0) return [];
  return db
    .select()
    .from(lotteryDraws)
    .where(
      and(
        inArray(lotteryDraws.gameId, gameIds),
        eq(lotteryDraws.status, 'open'),
        gt(lotteryDraws.closesAt, now),
      ),
    )
    .orderBy(lotteryDraws.gameId, lotteryDraws.closesAt);
}

export async function recentDraws(db: Db, gameId: bigint, limit: number) {
  return db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, gameId), inArray(lotteryDraws.status, ['drawn', 'settled'])))
    .orderBy(desc(lotteryDraws.drawNo))
    .limit(limit);
}

export async function lotterySession(db: Db, memberId: bigint, gameId: bigint, kind: string) {
  const [row] = await db
    .select()
    .from(lotterySessions)
    .where(
      and(
        eq(lotterySessions.memberId, memberId),
        eq(lotterySessions.gameId, gameId),
        eq(lotterySessions.accountKind, kind),
      ),
    );
  return row;
}

/** A session's owner as one key: member, game and account kind. */
export const sessionOwnerKey = (owner: { memberId: bigint; gameId: bigint; accountKind: string }) =>
  `${owner.memberId}:${owner.gameId}:${owner.accountKind}`;

/** Every lottery session of these members in one query, by `sessionOwnerKey`. */
export async function lotterySessionsOf(db: Db, memberIds: readonly bigint[]) {
  if (memberIds.length === 0) return new Map<string, typeof lotterySessions.$inferSelect>();
  const rows = await db
    .select()
    .from(lotterySessions)
    .where(inArray(lotterySessions.memberId, [...new Set(memberIds)]));
  return new Map(rows.map((row) => [sessionOwnerKey(row), row]));
}

export async function saveSession(
  db: Db,
  session: { memberId: bigint; gameId: bigint; accountKind: string; token: string; renewAt: Date },
) {
  const [row] = await db
    .insert(lotterySessions)
    .values(session)
    .onConflictDoUpdate({
      target: [lotterySessions.memberId, lotterySessions.gameId, lotterySessions.accountKind],
      set: { token: session.token, renewAt: session.renewAt },
    })
    .returning();
  return row!;
}

const ticketColumns = {
  ticket: lotteryTickets,
  gameId: lotteryDraws.gameId,
  drawNo: lotteryDraws.drawNo,
  result: lotteryDraws.result,
};

export async function ticketByRound(db: Db, roundRef: string) {
  const [row] = await db
    .select(ticketColumns)
    .from(lotteryTickets)
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryTickets.drawId))
    .where(eq(lotteryTickets.roundRef, roundRef));
  return row;
}

/**
 * Takes the ticket only while its draw still takes bets (checked in the same statement, so a
 * draw closing meanwhile refuses it); a retry of the same purchase finds the ticket there.
 */
export async function insertTicket(
  db: Db,
  ticket: {
    drawId: bigint;
    memberId: bigint;
    sessionId: bigint;
    roundRef: string;
    picks: number[];
    betKind: string;
    accountKind: string;
    stakeMinor: bigint;
  },
  now: Date,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into lottery_tickets
      (draw_id, member_id, session_id, round_ref, picks, bet_kind, account_kind, stake_minor)
    select ${ticket.drawId}, ${ticket.memberId}, ${ticket.sessionId}, ${ticket.roundRef},
      ${JSON.stringify(ticket.picks)}::jsonb, ${ticket.betKind}, ${ticket.accountKind},
      ${ticket.stakeMinor}
    where exists (select 1 from lottery_draws
      where id = ${ticket.drawId} and status = 'open' and closes_at > ${now})
    on conflict (round_ref) do nothing
    returning id`);
  return rowsOf(result).length > 0;
}

export async function memberTickets(
  db: Db,
  memberId: bigint,
  filter: { gameId?: bigint; drawId?: bigint },
  limit: number,
) {
  return db
    .select(ticketColumns)
    .from(lotteryTickets)
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryTickets.drawId))
    .where(
      and(
        eq(lotteryTickets.memberId, memberId),
        filter.gameId === undefined ? undefined : eq(lotteryDraws.gameId, filter.gameId),
        filter.drawId === undefined ? undefined : eq(lotteryTickets.drawId, filter.drawId),
      ),
    )
    .orderBy(desc(lotteryTickets.id))
    .limit(limit);
}

/**
 * Lottery rounds whose stake was taken but whose ticket was never written (the process died in
 * between, and the player did not retry), with a lottery session token of that member to undo
 * the bet with.
 */
/** Of these round refs, the ones a ticket was written for. */
export async function ticketedRounds(db: Db, roundRefs: readonly string[]): Promise<Set<string>> {
  if (roundRefs.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ roundRef: lotteryTickets.roundRef })
    .from(lotteryTickets)
    .where(inArray(lotteryTickets.roundRef, [...roundRefs]));
  return new Set(rows.map((row) => row.roundRef));
}
