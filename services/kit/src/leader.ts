import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export interface LeaderLoopOptions {
  pool: pg.Pool;
  /** The advisory lock's name (hashed): the instances that share it take turns, one at a time. */
  lock: string;
  /** Pause before trying again: the lock held elsewhere, `work` returned, or it failed. */
  retryMs: number;
  log: FastifyBaseLogger;
  /** What the warning says when `work` fails (a failure like the last one is not logged again). */
  failure: string;
  /** The leader's work: runs while this instance holds the lock, until it returns or throws. */
  work: () => Promise<void>;
}

/**
 * Runs one instance's work at a time: each turn takes a Postgres advisory lock on a held
 * connection (released with the connection, so a crashed leader frees it), runs `work` while it
 * holds it, gives it up and pauses `retryMs` before the next turn; the others try again after the
 * same pause and take over. `stop()` ends the pause at once and waits for the turn to end.
 */
export class LeaderLoop {
  private halted = false;
  private running: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  private leader: pg.PoolClient | null = null;
  /** The last failure's message; `work` may set it ('' once it runs well, a note of its own). */
  lastError = '';
  private readonly o: LeaderLoopOptions;

  constructor(o: LeaderLoopOptions) {
    this.o = o;
  }

  get stopped(): boolean {
    return this.halted;
  }

  /** Whether this instance holds the lock now. */
  get leading(): boolean {
    return this.leader !== null;
  }

  start(): void {
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.halted = true;
    this.wake?.();
    await this.running;
  }

  /** Waits `ms`, or until `stop()`. */
  async pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      t.unref();
      this.wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
    this.wake = null;
  }

  private async run(): Promise<void> {
    while (!this.halted) {
      try {
        if (await this.lead()) await this.o.work();
      } catch (err) {
        // The same failure again (a stream this broker user may not create) is not news.
        const what = String((err as Error)?.message ?? err);
        if (!this.halted && what !== this.lastError) this.o.log.warn({ err }, this.o.failure);
        this.lastError = what;
      }
      this.leader?.release(true);
      this.leader = null;
      if (!this.halted) await this.pause(this.o.retryMs);
    }
  }

  /** Takes the lock, or answers false while another instance holds it. */
  private async lead(): Promise<boolean> {
    const client = await this.o.pool.connect();
    const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
      this.o.lock,
    ]);
    if (!got.rows[0]?.ok || this.halted) {
      client.release(true);
      return false;
    }
    this.leader = client;
    return true;
  }
}
