/**
 * The audit trail: every change an operator makes — who, when, from which address, what, before
 * and after. Callers record inside the transaction that makes the change, so a change and its row
 * land together or not at all.
 */
import type { FastifyRequest } from 'fastify';
import { actorName, type Actor } from '@khela/contract/operators';
import {
  AUDIT_CSV_MAX_ROWS,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
} from '@khela/contract/backoffice/operators';
import type { Database, DbOrTx } from '../../db/client';
import { actorOf } from '../operators/actor';
import { auditRepository, type AuditEventRow, type AuditFilter } from './audit.repository';

/** Who acted and from where: taken from the operator request once, passed to services. */
export interface AuditContext {
  actor: Actor;
  ip: string | null;
  requestId: string | null;
}

export interface AuditChange {
  /** `<area>.<verb>`, for example `withdrawal.approve`. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export function auditContextOf(request: FastifyRequest): AuditContext {
  return { actor: actorOf(request), ip: request.ip, requestId: String(request.id) };
}

/**
 * What a route hands a service that changes something: who acts, and a way to record the change
 * inside the service's own transaction.
 */
export interface AuditTrail {
  context: AuditContext;
  record(db: DbOrTx, change: AuditChange): Promise<void>;
}

/** The audit trail of an operator request (the guard ran, so the actor is known). */
export function auditTrailOf(request: FastifyRequest): AuditTrail {
  const context = auditContextOf(request);
  const { audit } = request.server.services;
  return { context, record: (db, change) => audit.record(db, context, change) };
}

/** A value as JSON can hold it: bigints as strings, dates as ISO strings. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  }
  return value;
}

/**
 * The fields of `after` that differ from `before`, as a before/after pair of those fields only
 * (null when nothing changed).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    const [from, to] = [jsonSafe(before[key] ?? null), jsonSafe(after[key])];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    was[key] = from;
    now[key] = to;
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}

function toEvent(row: AuditEventRow): AuditEvent {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorKind: row.actorKind === 'operator' ? 'operator' : 'automation',
    operatorId: row.operatorId === null ? null : String(row.operatorId),
    actorName: row.actorName,
    ip: row.ip,
    requestId: row.requestId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

function filterOf(query: Omit<AuditQuery, 'limit'>): AuditFilter {
  return {
    actor: query.actor,
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    before: query.before ? BigInt(query.before) : undefined,
  };
}

export class AuditService {
  constructor(private readonly db: Database) {}

  /** A page of the trail, newest first, with the cursor of the next (older) page. */
  async search(query: AuditQuery): Promise<AuditPage> {
    const rows = await auditRepository.search(this.db, filterOf(query), query.limit + 1);
    const items = rows.slice(0, query.limit).map(toEvent);
    return {
      items,
      nextBefore: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null,
    };
  }

  /** The trail for an export: the same filters, newest first, up to AUDIT_CSV_MAX_ROWS. */
  async export(query: Omit<AuditQuery, 'limit'>): Promise<AuditEvent[]> {
    return (await auditRepository.search(this.db, filterOf(query), AUDIT_CSV_MAX_ROWS)).map(
      toEvent,
    );
  }

  async record(db: DbOrTx, context: AuditContext, change: AuditChange) {
    const { actor } = context;
    await auditRepository.insert(db, {
      actorKind: actor.kind,
      operatorId: actor.kind === 'operator' ? BigInt(actor.id) : null,
      actorName: actorName(actor),
      ip: context.ip,
      requestId: context.requestId,
      action: change.action,
      targetType: change.targetType,
      targetId: change.targetId,
      before: jsonSafe(change.before ?? null),
      after: jsonSafe(change.after ?? null),
      reason: change.reason ?? null,
    });
  }
}
