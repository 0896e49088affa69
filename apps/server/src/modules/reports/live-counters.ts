/**
 * The operators' queue counters (pending withdrawals, open chats, identity checks and adjustments
 * waiting) and who is listening to them. A module that owns a queue registers a counter
 * (`registerQueueCounter`) and says when its queue changed (`changed`); the signal goes through the
 * cache store's pub/sub (Redis across processes, in memory for one), and each process recounts and
 * pushes the counters to its listeners (the console's /ops/api/live streams) when they differ.
 * A heartbeat recounts and pushes to everyone at least every LIVE_HEARTBEAT_MS. A queue nobody
 * registered counts 0.
 */
import {
  LIVE_HEARTBEAT_MS,
  QUEUE_NAMES,
  type QueueCounts,
  type QueueName,
} from '@khela/contract/backoffice/reports';
import type { FastifyBaseLogger } from 'fastify';
import type { CacheStore } from '../../providers/cache/cache-store';

const CHANNEL = 'ops:queues';

export type QueueCounter = () => Promise<number>;
export type CountersListener = (counters: QueueCounts) => void;

const zeros = (): QueueCounts =>
  Object.fromEntries(QUEUE_NAMES.map((name) => [name, 0])) as QueueCounts;

const same = (a: QueueCounts, b: QueueCounts) => QUEUE_NAMES.every((name) => a[name] === b[name]);

export class LiveCounters {
  private readonly counters = new Map<QueueName, QueueCounter>();
  private readonly listeners = new Set<CountersListener>();
  private last: QueueCounts | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private recounting: Promise<void> | undefined;
  private again = false;
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly cache: CacheStore,
    private readonly heartbeatMs = LIVE_HEARTBEAT_MS,
  ) {}

  /** How a queue's owner counts it; a later registration of the same name replaces it. */
  registerQueueCounter(name: QueueName, count: QueueCounter) {
    this.counters.set(name, count);
  }

  async start(log?: FastifyBaseLogger) {
    this.log = log;
    await this.cache.subscribe(CHANNEL, () => this.recount(false));
    this.heartbeat = setInterval(() => this.recount(true), this.heartbeatMs);
    this.heartbeat.unref();
  }

  stop() {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.listeners.clear();
  }

  /** A queue changed (on this process): every process recounts. Never throws. */
  changed(queue: QueueName) {
    this.cache.publish(CHANNEL, queue).catch((error: unknown) => {
      this.log?.warn({ err: error }, 'queue change not published');
      this.recount(false);
    });
  }

  /** The counters now, from the owners' counts (a failing counter reads its last value). */
  async current(): Promise<QueueCounts> {
    const counts = zeros();
    await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const count = this.counters.get(name);
        if (!count) return;
        try {
          counts[name] = await count();
        } catch (error) {
          this.log?.warn({ err: error, queue: name }, 'queue count failed');
          counts[name] = this.last?.[name] ?? 0;
        }
      }),
    );
    return counts;
  }

  /** Listens until the returned function is called. */
  listen(listener: CountersListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount() {
    return this.listeners.size;
  }

  /** Recounts (one at a time; a signal meanwhile recounts once more) and pushes. */
  private recount(always: boolean) {
    if (this.listeners.size === 0 && !always) {
      this.last = undefined;
      return;
    }
    if (this.recounting) {
      this.again = true;
      return;
    }
    this.recounting = (async () => {
      do {
        this.again = false;
        const counts = await this.current();
        const changed = !this.last || !same(this.last, counts);
        this.last = counts;
        if (changed || always) for (const listener of this.listeners) listener(counts);
        always = false;
      } while (this.again);
    })()
      .catch((error: unknown) => this.log?.warn({ err: error }, 'queue recount failed'))
      .finally(() => {
        this.recounting = undefined;
      });
  }
}
