/**
 * The app's logger (pino) and where its lines go: stdout, 16 kB at a time, never waiting on the
 * reader, so a request never waits on the pipe and a busy server makes one write per hundred
 * lines instead of one per line.
 */
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * Lines are written together once they reach this many characters (about a hundred lines): a
 * write to a pipe costs some microseconds whatever its size, 4 kB writes cost 4 times as much
 * per line here. A quarter of what a Linux pipe holds.
 */
const BATCH_CHARS = 16_384;
/** A quiet server's lines wait at most this long. */
const FLUSH_EVERY_MS = 1000;
/** When the reader has fallen behind (a full pipe), try again after this long. */
const RETRY_MS = 10;
/** Held beyond this (stdout not read), new lines are dropped rather than filling the memory. */
const MAX_HELD_BYTES = 16 * 1024 * 1024;
/** At exit, how long to keep offering a full pipe what is left. */
const EXIT_WAIT_MS = 1000;

/**
 * A pipe or terminal at `fd` opened again without blocking (Linux: a new open file description
 * with its own flags, so process.stdout is unaffected): a write the reader has no room for fails
 * at once (EAGAIN) and is tried again later. A file (which does not block on a reader) or
 * anything that cannot be reopened is written as it is.
 */
function openNonBlocking(fd: number): number {
  try {
    if (fs.fstatSync(fd).isFile()) return fd;
    const { O_WRONLY, O_NONBLOCK, O_APPEND } = fs.constants;
    return fs.openSync(`/proc/self/fd/${fd}`, O_WRONLY | O_NONBLOCK | O_APPEND);
  } catch {
    return fd;
  }
}

/**
 * Lines gathered into batches and written with non-blocking writes on the event loop's own
 * thread: no thread pool, so lines keep their order and an exit can write the rest at once.
 * (pino's asynchronous SonicBoom measures the byte length of all it holds on every line, which
 * costs more than making the line, and leaves a write in flight on a thread an exit cannot wait
 * for.)
 */
export class LineDestination implements DestinationStream {
  private readonly fd: number;
  private lines: string[] = [];
  private chars = 0;
  /** Bytes the reader had no room for yet: written before anything newer. */
  private waiting: Buffer | undefined;
  private retry: NodeJS.Timeout | undefined;
  private readonly flushed: (() => void)[] = [];
  private gone = false;
  private readonly timer: NodeJS.Timeout;

  /** Whether `fd` was opened here (a reopened pipe or a file), and so is closed by `end`. */
  private readonly ownsFd: boolean;
  private readonly onExit = () => this.flushSync();

  /** `target`: a file descriptor (stdout by default) or a file path, appended to. */
  constructor(target: number | string = 1) {
    this.fd = typeof target === 'number' ? openNonBlocking(target) : fs.openSync(target, 'a');
    this.ownsFd = this.fd !== target;
    this.timer = setInterval(() => this.pass(), FLUSH_EVERY_MS).unref();
    process.once('exit', this.onExit);
  }

  write(line: string): void {
    if (this.gone || (this.waiting?.length ?? 0) + this.chars > MAX_HELD_BYTES) return;
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= BATCH_CHARS) this.pass();
  }

  /** Calls back once every line so far is written (pino's logger.flush). */
  flush(callback?: (error?: Error) => void): void {
    this.pass();
    if (this.waiting === undefined) callback?.();
    else if (callback) this.flushed.push(callback);
  }

  /** At exit: everything out now, waiting a little for a full pipe. */
  flushSync(): void {
    this.take();
    const deadline = Date.now() + EXIT_WAIT_MS;
    while (this.waiting !== undefined && Date.now() < deadline) {
      this.waiting = this.writeSome(this.waiting);
    }
  }

  /** Writes what is held, then stops: timers, the exit hook and a descriptor opened here. */
  end(): void {
    clearInterval(this.timer);
    clearTimeout(this.retry);
    this.flushSync();
    process.removeListener('exit', this.onExit);
    if (this.ownsFd) fs.closeSync(this.fd);
    this.gone = true;
  }

  private pass(): void {
    if (this.retry !== undefined) return; // the retry writes, in order
    this.take();
    if (this.waiting === undefined) return;
    this.waiting = this.writeSome(this.waiting);
    if (this.waiting !== undefined) {
      this.retry = setTimeout(() => {
        this.retry = undefined;
        this.pass();
      }, RETRY_MS).unref();
      return;
    }
    for (const callback of this.flushed.splice(0)) callback();
  }

  /** Moves the lines held into the bytes to write, after any still waiting. */
  private take(): void {
    if (this.chars === 0) return;
    const batch = Buffer.from(this.lines.join(''));
    this.lines = [];
    this.chars = 0;
    this.waiting = this.waiting ? Buffer.concat([this.waiting, batch]) : batch;
  }

  /** Writes what the reader takes now; returns the rest. */
  private writeSome(bytes: Buffer): Buffer | undefined {
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += fs.writeSync(this.fd, bytes, offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') return bytes.subarray(offset);
        // The reader has gone (EPIPE) or the descriptor is unusable: nothing more can be written.
        this.gone = true;
        this.lines = [];
        this.chars = 0;
        return undefined;
      }
    }
    return undefined;
  }
}

/**
 * The app's logger: to `destination` when given (tests), otherwise to stdout through a
 * LineDestination. Tokens in headers and reset links never reach a line.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Reset links carry their token in the query string; keep it out of the logs.
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: req.url.replace(/([?&](?:resetToken|token)=)[^&]+/g, '$1[redacted]'),
          id: req.id,
        }),
      },
    },
    // Silent (tests) needs no writer, nor its timer and exit hook.
    destination ?? (level === 'silent' ? pino.destination({ sync: true }) : new LineDestination()),
  );
}
