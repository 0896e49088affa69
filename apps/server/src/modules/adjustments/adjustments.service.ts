/**
 * Balance adjustments by operators, with four eyes. An adjustment whose size (either sign) is at
 * most the `adjustmentApprovalThreshold` setting moves money at once; a larger one waits until a
 * second operator approves it (or someone rejects it).
 *
 * Who may approve: a named operator with `adjustments.approve` who is not the one who asked.
 * The automation token (the command line, scripts) may ask, but never approve: a script is not a
 * second pair of eyes, and it holds every permission, so it could otherwise approve what it
 * asked itself. Anyone with `adjustments.approve` may reject, the requester too (withdrawing a
 * request moves no money).
 *
 * Paid at most once: the request's key is unique here and is the ledger movement's key, and a
 * decision locks the row first, so two approvals at once pay once (the second finds it approved
 * and answers it as it is).
 */
import type { Actor } from '@khela/contract/operators';
import { actorName } from '@khela/contract/operators';
import type { OpsAdjustmentBody } from '@khela/contract/withdrawals';
import { isGuest } from '@khela/contract/members';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { memberReads } from '../accounts/member-reads';
import type { AuditContext, AuditService } from '../audit/audit.service';
import type { Balances } from '../ledger/balances';
import type { Ledger } from '../ledger/ledger';
import type { SettingsService } from '../settings/settings.service';
import { adjustmentsRepository as repo, type AdjustmentRow } from './adjustments.repository';

/** The ledger source of every adjustment (the key is the request's). */
const ADJUST_SOURCE = 'ops:adjustment';

export interface AdjustmentsDeps {
  db: Database;
  ledger: Ledger;
  balances: Balances;
  settings: SettingsService;
  audit: AuditService;
  /** Tells the back office's live counters the waiting queue may have changed. */
  queueChanged?: () => void;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const operatorId = (actor: Actor) => (actor.kind === 'operator' ? BigInt(actor.id) : null);

/** What the ledger fingerprints: the same as before four eyes, so old keys replay. */
const ledgerRequest = (row: Pick<AdjustmentRow, 'username' | 'amountMinor' | 'reason'>) => ({
  username: row.username,
  amountMinor: Number(row.amountMinor),
  reason: row.reason,
});

export function toAdjustment(row: AdjustmentRow) {
  return {
    id: row.id.toString(),
    username: row.username,
    amountMinor: Number(row.amountMinor),
    currency: row.currency,
    reason: row.reason,
    state: row.state as 'waiting' | 'approved' | 'rejected',
    requestedBy: row.requestedByName,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedByName,
    decidedAt: iso(row.decidedAt),
    decisionReason: row.decisionReason,
    transactionId: row.transactionId?.toString() ?? null,
    balanceMinor: row.balanceAfterMinor === null ? null : Number(row.balanceAfterMinor),
  };
}

export type AdjustmentAnswer =
  | {
      status: 200;
      value: {
        id: string;
        state: 'approved';
        transactionId: string;
        username: string;
        amountMinor: number;
        balanceMinor: number;
        replayed: boolean;
      };
    }
  | {
      status: 202;
      value: {
        id: string;
        state: 'waiting';
        username: string;
        amountMinor: number;
        thresholdMinor: number;
      };
    };

export class AdjustmentsService {
  constructor(private readonly deps: AdjustmentsDeps) {}

  /**
   * Asks for an adjustment: paid at once at or below the threshold, else waiting (202).
   * Idempotent by `key`: the same key and body answer the first outcome (a payment with
   * `replayed: true`); the same key with another body is 422 idempotency.mismatch.
   */
  async request(context: AuditContext, body: OpsAdjustmentBody): Promise<AdjustmentAnswer> {
    const earlier = await repo.byKey(this.deps.db, body.key);
    if (earlier) return this.answerRetry(earlier, body);
    const member = await memberReads.byUsername(this.deps.db, body.username);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    if (isGuest(member.type)) throw new AppError('member.trialForbidden');
    const currency = member.currency ?? this.deps.settings.get('merchant').currency;
    const threshold = this.deps.settings.get('adjustmentApprovalThreshold');
    const amount = BigInt(body.amountMinor);
    const now = amount <= BigInt(threshold) && -amount <= BigInt(threshold);
    const { actor } = context;

    const outcome = await this.deps.db.transaction(async (tx) => {
      const row = await repo.insert(tx, {
        key: body.key,
        memberId: member.id,
        username: member.username,
        amountMinor: amount,
        currency,
        reason: body.reason,
        state: 'waiting',
        requestedByKind: actor.kind,
        requestedByOperatorId: operatorId(actor),
        requestedByName: actorName(actor),
      });
      if (!row) return undefined; // the same key at the same moment: answered below
      if (!now) {
        await this.deps.audit.record(tx, context, {
          action: 'adjustment.request',
          targetType: 'member',
          targetId: member.username,
          after: {
            adjustmentId: row.id.toString(),
            amountMinor: body.amountMinor,
            state: 'waiting',
          },
          reason: body.reason,
        });
        return { row, replayed: false };
      }
      return this.pay(tx, context, row, 'member.adjust', null);
    });
    if (!outcome) return this.answerRetry((await repo.byKey(this.deps.db, body.key))!, body);
    if (outcome.row.state === 'approved') await this.deps.balances.changed(member.id);
    else this.deps.queueChanged?.();
    return this.answer(outcome.row, outcome.replayed, threshold);
  }

  /** Moves the money of `row` and marks it approved, with its audit row, in `tx`. */
  private async pay(
    tx: DbOrTx,
    context: AuditContext,
    row: AdjustmentRow,
    action: string,
    decisionReason: string | null,
  ) {
    const posted = await this.deps.ledger.post(tx, {
      kind: 'adjustment',
      source: ADJUST_SOURCE,
      key: row.key,
      request: ledgerRequest(row),
      currency: row.currency,
      memberId: row.memberId,
      reference: { reason: row.reason, adjustmentId: row.id.toString() },
      legs: [
        { account: { kind: 'cash', ownerId: row.memberId }, amountMinor: row.amountMinor },
        { account: { kind: 'house' }, amountMinor: -row.amountMinor },
      ],
    });
    const balance =
      posted.balancesAfter.get(`cash:${row.memberId}`) ??
      (await this.deps.ledger.balance(tx, { kind: 'cash', ownerId: row.memberId }, row.currency));
    const { actor } = context;
    const updated = await repo.update(tx, row.id, {
      state: 'approved',
      decidedByOperatorId: operatorId(actor),
      decidedByName: actorName(actor),
      decidedAt: new Date(),
      decisionReason,
      transactionId: posted.transactionId,
      balanceAfterMinor: balance,
    });
    await this.deps.audit.record(tx, context, {
      action,
      targetType: 'member',
      targetId: row.username,
      before: {
        adjustmentId: row.id.toString(),
        state: row.state,
        balanceMinor: Number(balance - (posted.replayed ? 0n : row.amountMinor)),
      },
      after: {
        adjustmentId: row.id.toString(),
        state: 'approved',
        amountMinor: Number(row.amountMinor),
        balanceMinor: Number(balance),
        transactionId: posted.transactionId.toString(),
      },
      reason: row.reason,
    });
    return { row: updated, replayed: posted.replayed };
  }

  private answer(row: AdjustmentRow, replayed: boolean, threshold: number): AdjustmentAnswer {
    if (row.state === 'approved') {
      return {
        status: 200,
        value: {
          id: row.id.toString(),
          state: 'approved',
          transactionId: row.transactionId!.toString(),
          username: row.username,
          amountMinor: Number(row.amountMinor),
          balanceMinor: Number(row.balanceAfterMinor),
          replayed,
        },
      };
    }
    if (row.state === 'rejected') throw new AppError('adjustment.decided', { state: row.state });
    return {
      status: 202,
      value: {
        id: row.id.toString(),
        state: 'waiting',
        username: row.username,
        amountMinor: Number(row.amountMinor),
        thresholdMinor: threshold,
      },
    };
  }

  /** A request whose key was seen: the same body answers the first outcome, another is 422. */
  private answerRetry(row: AdjustmentRow, body: OpsAdjustmentBody): AdjustmentAnswer {
    const same =
      row.username === body.username.toLowerCase() &&
      row.amountMinor === BigInt(body.amountMinor) &&
      row.reason === body.reason;
    if (!same) throw new AppError('idempotency.mismatch');
    return this.answer(row, true, this.deps.settings.get('adjustmentApprovalThreshold'));
  }

  /** Adjustments waiting for a second operator (the back office's live counter). */
  waitingCount(): Promise<number> {
    return repo.countWaiting(this.deps.db);
  }

  async list(q: { state?: string | undefined; before?: string | undefined; limit: number }) {
    const rows = await repo.page(this.deps.db, {
      ...(q.state && { state: q.state }),
      ...(q.before && { beforeId: BigInt(q.before) }),
      limit: q.limit,
    });
    return {
      items: rows.map(toAdjustment),
      nextBefore: rows.length === q.limit ? rows[rows.length - 1]!.id.toString() : null,
    };
  }

  /** The second operator's approval: the money moves now, once however often it is sent. */
  async approve(context: AuditContext, id: bigint) {
    const { actor } = context;
    if (actor.kind !== 'operator') throw new AppError('adjustment.fourEyes');
    const row = await this.deps.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw new AppError('adjustment.notFound');
      if (row.state === 'approved') return row; // a second click: already paid, nothing moves
      if (row.state !== 'waiting') throw new AppError('adjustment.decided', { state: row.state });
      if (row.requestedByOperatorId === BigInt(actor.id)) {
        throw new AppError('adjustment.fourEyes');
      }
      return (await this.pay(tx, context, row, 'adjustment.approve', null)).row;
    });
    await this.deps.balances.changed(row.memberId);
    this.deps.queueChanged?.();
    return toAdjustment(row);
  }

  /** Turns a waiting adjustment down with a reason; no money moves. */
  async reject(context: AuditContext, id: bigint, reason: string) {
    const { actor } = context;
    const row = await this.deps.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw new AppError('adjustment.notFound');
      if (row.state === 'rejected') return row;
      if (row.state !== 'waiting') throw new AppError('adjustment.decided', { state: row.state });
      const updated = await repo.update(tx, row.id, {
        state: 'rejected',
        decidedByOperatorId: operatorId(actor),
        decidedByName: actorName(actor),
        decidedAt: new Date(),
        decisionReason: reason,
      });
      await this.deps.audit.record(tx, context, {
        action: 'adjustment.reject',
        targetType: 'member',
        targetId: row.username,
        before: { adjustmentId: row.id.toString(), state: 'waiting' },
        after: { adjustmentId: row.id.toString(), state: 'rejected' },
        reason,
      });
      return updated;
    });
    this.deps.queueChanged?.();
    return toAdjustment(row);
  }
}
