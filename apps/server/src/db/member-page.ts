/**
 * The filter of a page of one member's rows in the back office (their deposits, their
 * withdrawals): the member's rows below a cursor id, created in `[from, to)`, in one state.
 * Pages go newest first by id (`orderBy(desc(table.id))`), never OFFSET, so page 50 costs what
 * page 1 does. Each module applies it to its own table; this file knows no table.
 */
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface MemberPageQuery {
  memberId: bigint;
  /** The previous page's last id: only rows below it. */
  beforeId?: bigint;
  from?: Date;
  to?: Date;
  status?: string;
  limit: number;
}

/** The columns a member's page filters on. */
export interface MemberPageColumns {
  id: PgColumn;
  memberId: PgColumn;
  createdAt: PgColumn;
  status: PgColumn;
}

export function memberPageWhere(table: MemberPageColumns, q: MemberPageQuery): SQL | undefined {
  return and(
    eq(table.memberId, q.memberId),
    q.beforeId === undefined ? undefined : lt(table.id, q.beforeId),
    q.from && gte(table.createdAt, q.from),
    q.to && lt(table.createdAt, q.to),
    q.status === undefined ? undefined : eq(table.status, q.status),
  );
}
