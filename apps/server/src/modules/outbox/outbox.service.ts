/**
 * The outbox: every SMS and e-mail is written here first, then a delivery worker hands it to the
 * configured provider (or, with none configured, counts it delivered where it lies). A message is
 * queued until sent or failed; a passing failure is tried again with growing pauses (the next
 * attempt's time is in the row, so restarts keep it); one sender at a time holds a message,
 * however many processes run; a recipient gets at most a few messages per window whatever calls
 * for them, which caps the provider's bill if a limit above it is bypassed.
 *
 * Numbers (README "SMS and e-mail"): attempts at 0 s, +15 s, +30 s, +1 min, +2 min, +4 min, then
 * failed; at most 5 SMS per number and 10 e-mails per address in any 10 minutes.
 */
import { outboxDeliveries } from '../../lib/metrics';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage, OutboxStats } from '@khela/contract/ops';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditTrail } from '../audit/audit.service';
import {
  DeliveryError,
  type MessageChannel,
  type MessageProvider,
} from '../../providers/messages/message-provider';
import { outboxRepository as repo, type OutboxRow, type OutboxState } from './outbox.repository';

export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 15_000;
const LONGEST_PAUSE_MS = 10 * 60_000;
export const RATE_WINDOW_MS = 10 * 60_000;
export const RATE_LIMIT: Record<MessageChannel, number> = { sms: 5, email: 10 };
/** A send still going after this is given up on for this attempt (the provider may have it). */
const SEND_DEADLINE_MS = 30_000;
/** How long a claim holds a message: longer than any send may take, so no one else sends it. */
const CLAIM_LEASE_MS = 2 * SEND_DEADLINE_MS;
/** Messages claimed and sent together in one pass. */
const BATCH = 10;
/** The worker's pass when nothing kicks it: retries come due, held-back messages free up. */
const WORKER_INTERVAL_MS = 5_000;

/** The pause before attempt `attempt + 1`: 15 s, then doubling, never above 10 minutes. */
export const retryPauseMs = (attempt: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), LONGEST_PAUSE_MS);

export interface NewMessage {
  channel: MessageChannel;
  /** An SMS number in E.164 (+8801…), or an e-mail address. */
  to: string;
  text: string;
  subject?: string | null;
  html?: string | null;
  /** Useless after this (a code that has run out): failed rather than sent late. */
  expiresAt?: Date | null;
}

export interface OutboxOptions {
  providers: Record<MessageChannel, MessageProvider>;
  /** The clock the queue's times come from (tests move it). */
  now?: () => number;
  log?: FastifyBaseLogger;
}

export class OutboxService {
  private readonly now: () => number;
  private log: FastifyBaseLogger | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: OutboxOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log;
  }

  /** Queues a message and starts delivering it at once; resolves when it is queued. */
  async send(message: NewMessage) {
    const id = await this.enqueue(this.db, message);
    void this.kick();
    return id;
  }

  /**
   * Queues a message inside the caller's transaction, so it exists exactly when the business change
   * does. Call `kick()` after the commit to deliver it without waiting for the worker's next pass.
   */
  async enqueue(db: DbOrTx, message: NewMessage) {
    return repo.insert(db, {
      channel: message.channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.text,
      html: message.html ?? null,
      expiresAt: message.expiresAt ?? null,
      nextAttemptAt: new Date(this.now()),
    });
  }

  /** Delivers what is due now; a kick during a pass makes one more pass after it. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.deliverDue();
      } while (this.again && !this.stopped);
    })()
      .catch((error: unknown) => this.log?.error({ err: error }, 'outbox delivery failed'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** The delivery worker: a pass every few seconds until stop(). */
  start(log?: FastifyBaseLogger) {
    this.log = log ?? this.log;
    this.stopped = false;
    void this.kick();
    this.timer = setInterval(() => void this.kick(), WORKER_INTERVAL_MS);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass: claims due messages a batch at a time and sends each batch together. */
  async deliverDue() {
    let delivered = 0;
    for (;;) {
      const claimed: OutboxRow[] = [];
      while (claimed.length < BATCH) {
        const next = await this.claimNext();
        if (next === undefined) break;
        if (next) claimed.push(next);
      }
      await Promise.all(claimed.map((row) => this.deliver(row)));
      delivered += claimed.length;
      if (claimed.length < BATCH || this.stopped) return delivered;
    }
  }

  /**
   * Takes the message due first for this sender: undefined when none is due, null when the one
   * found was settled without a send (expired, held back by the rate limit).
   */
  private claimNext(): Promise<OutboxRow | null | undefined> {
    return this.db.transaction(async (tx) => {
      const now = new Date(this.now());
      const row = await repo.lockNextDue(tx, now);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt <= now) {
        await repo.markAttemptFailed(tx, row.id, row.attempts, {
          provider: row.provider,
          error: `expired before it could be sent${row.lastError ? ` (last error: ${row.lastError})` : ''}`,
          retryAt: null,
        });
        return null;
      }
      if (row.attempts >= MAX_ATTEMPTS) {
        // Its last sender stopped answering (a crash) after the last attempt: no more tries.
        await repo.markAttemptFailed(tx, row.id, row.attempts, {
          provider: row.provider,
          error: row.lastError ?? 'no answer from the last attempt',
          retryAt: null,
        });
        return null;
      }
      const channel = row.channel as MessageChannel;
      await repo.lockRecipient(tx, channel, row.recipient);
      const recent = await repo.attemptsSince(tx, row, new Date(now.getTime() - RATE_WINDOW_MS));
      if (recent.attempts >= RATE_LIMIT[channel]) {
        const until = new Date((recent.oldest ?? now).getTime() + RATE_WINDOW_MS);
        const limit = `${RATE_LIMIT[channel]} ${channel === 'sms' ? 'SMS' : 'e-mails'}`;
        await repo.holdBack(
          tx,
          row.id,
          until,
          `held back: ${limit} to this recipient in 10 minutes`,
        );
        return null;
      }
      return repo.claim(tx, row.id, now, new Date(now.getTime() + CLAIM_LEASE_MS));
    });
  }

  private async deliver(row: OutboxRow) {
    const provider = this.options.providers[row.channel as MessageChannel];
    try {
      const result = await withDeadline(
        provider.send({ to: row.recipient, subject: row.subject, text: row.body, html: row.html }),
      );
      await repo.markSent(this.db, row.id, row.attempts, {
        provider: provider.name,
        providerMessageId: result.providerMessageId,
        at: new Date(this.now()),
      });
      outboxDeliveries.inc({ channel: row.channel, outcome: 'sent' });
    } catch (error) {
      const failure =
        error instanceof DeliveryError ? error : new DeliveryError(String(error), false);
      const final = failure.permanent || row.attempts >= MAX_ATTEMPTS;
      await repo.markAttemptFailed(this.db, row.id, row.attempts, {
        provider: provider.name,
        error: failure.message,
        retryAt: final ? null : new Date(this.now() + retryPauseMs(row.attempts)),
      });
      outboxDeliveries.inc({ channel: row.channel, outcome: final ? 'failed' : 'retry' });
      const level = final ? 'error' : 'warn';
      this.log?.[level](
        { messageId: row.id, channel: row.channel, provider: provider.name, attempt: row.attempts },
        `${row.channel} ${final ? 'failed' : 'not sent, will retry'}: ${failure.message}`,
      );
    }
  }

  /**
   * An operator sends a failed message again (the provider was down for longer than the retries
   * lasted, or a number was fixed at the provider): queued now with a full set of tries. A message
   * that ran out (a code past its time) stays failed: a late code is worse than none.
   */
  async retry(id: string, trail?: AuditTrail) {
    await this.db.transaction(async (tx) => {
      const row = await repo.lockById(tx, id);
      if (!row) throw new AppError('outbox.notFound');
      if (row.state !== 'failed') throw new AppError('outbox.notFailed', { state: row.state });
      const now = new Date(this.now());
      if (row.expiresAt && row.expiresAt <= now) throw new AppError('outbox.expired');
      await repo.requeue(tx, id, now);
      await trail?.record(tx, {
        action: 'outbox.retry',
        targetType: 'message',
        targetId: id,
        before: { state: row.state, attempts: row.attempts, lastError: row.lastError },
        after: { state: 'queued' },
      });
    });
    void this.kick();
  }

  async list(filter: {
    to?: string | undefined;
    state?: OutboxState | undefined;
    limit: number;
  }): Promise<OutboxMessage[]> {
    const rows = await repo.list(this.db, filter);
    return rows.map(toMessage);
  }

  async one(id: string): Promise<OutboxMessage> {
    const row = await repo.byId(this.db, id);
    if (!row) throw new AppError('outbox.notFound');
    return toMessage(row);
  }

  /** Queue depth and failures: for the operator's CLI and for metrics. */
  async outboxStats(): Promise<OutboxStats> {
    const now = new Date(this.now());
    const stats = await repo.stats(this.db, now);
    return {
      queued: stats.queued,
      oldestQueuedSeconds: stats.oldestQueuedAt
        ? Math.max(0, Math.round((now.getTime() - stats.oldestQueuedAt.getTime()) / 1000))
        : null,
      sentLastHour: stats.sentLastHour,
      failedLastDay: stats.failedLastDay,
    };
  }
}

/** A provider's promise, or a passing failure once the send deadline is over. */
function withDeadline<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeliveryError(`no answer in ${SEND_DEADLINE_MS / 1000} s`, false)),
      SEND_DEADLINE_MS,
    );
    timer.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** A row as the operator reads it. */
function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel as MessageChannel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    state: row.state as OutboxState,
    attempts: row.attempts,
    nextAttemptAt: row.state === 'queued' ? row.nextAttemptAt.toISOString() : null,
    provider: row.provider,
    providerMessageId: row.providerMessageId,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
