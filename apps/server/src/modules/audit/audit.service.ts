/**
 * The audit trail: every change an operator makes — who, when, from which address, what, before
 * and after. Callers record inside the transaction that makes the change, so a change and its row
 * land together or not at all.
 */
import type { FastifyRequest } from 'fastify';
import { actorName, type Actor } from '@khela/contract/operators';
import type { DbOrTx } from '../../db/client';
import { actorOf } from '../operators/actor';
import { auditRepository } from './audit.repository';

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

export class AuditService {
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
      before: change.before ?? null,
      after: change.after ?? null,
      reason: change.reason ?? null,
    });
  }
}
