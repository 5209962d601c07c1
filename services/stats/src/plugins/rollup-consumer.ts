import { streamNames } from '@console/contracts';
import { requireStreams, transaction } from '@console/kit';
import { DeliverPolicy, type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { type FeaturePoint, featurePoints, streamIncrements, Tally } from './counts.ts';
import type { Cursor, RollupStore } from './rollup.store.ts';

export interface StreamMessage {
  seq: number;
  subject: string;
  data: Uint8Array;
  /** ms: when the stream stored it (its bucket, whenever it is counted). */
  at: number;
}

export interface RollupConsumerOptions {
  batch: number;
  flushMs: number;
  leaderRetryMs: number;
  /** Runs once this instance leads, before it counts the stream (the backfill). */
  onLead?: (cursor: Cursor) => Promise<void>;
}

const CONSUMER = 'hub-messages';

/** Where a reader of a stream stands (`GET /rollups`). */
export interface FollowStatus {
  leader: boolean;
  lastSeq: number;
  streamLastSeq: number;
  lag: number;
  countedHere: number;
}

export async function followStatus(
  app: FastifyInstance,
  stream: string,
  lastSeq: number,
  leader: boolean,
  countedHere: number,
): Promise<FollowStatus> {
  const jsm = await jetstreamManager(app.nats);
  const info = await jsm.streams.info(stream).catch(() => null);
  const streamLastSeq = info?.state.last_seq ?? 0;
  return { leader, lastSeq, streamLastSeq, lag: Math.max(0, streamLastSeq - lastSeq), countedHere };
}
const decoder = new TextDecoder();

/**
 * Counts the hub message stream into the rollups. One instance of the service counts at a time
 * (a Postgres advisory lock held on its own connection; the others retry); it reads the stream
 * with an ordered consumer from the cursor on, and writes each batch's counts and the batch's last
 * sequence in one transaction, skipping anything at or below the stored sequence. So a restart,
 * a redelivery or a second instance racing in never counts a message twice, and a crash loses
 * nothing: the next leader resumes after the last committed sequence.
 */
export class RollupConsumer {
  private leader: pg.PoolClient | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  /** The attempt to lead under way (taking the lock, opening the consumer), awaited by `stop`. */
  private leading: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;
  private pending: StreamMessage[] = [];
  private chain: Promise<void> = Promise.resolve();
  private close: (() => Promise<void>) | null = null;
  private counted = 0;
  private losing = false;

  private readonly app: FastifyInstance;
  private readonly store: RollupStore;
  private readonly opts: RollupConsumerOptions;
  private readonly log: FastifyBaseLogger;

  constructor(app: FastifyInstance, store: RollupStore, opts: RollupConsumerOptions, log: FastifyBaseLogger) {
    this.app = app;
    this.store = store;
    this.opts = opts;
    this.log = log;
  }

  get stream(): string {
    return streamNames(this.app.subjects.prefix).hubMsgs;
  }

  start(): void {
    this.leading = this.tryLead();
  }

  /** Counts one batch, skipping what the cursor says is counted; returns the messages counted. */
  async apply(batch: readonly StreamMessage[]): Promise<number> {
    if (batch.length === 0) return 0;
    return transaction(this.app.pg, async (client) => {
      const cursor = await this.store.cursor(client, CONSUMER, this.stream, true);
      const tally = new Tally();
      const points: (FeaturePoint & { at: number; seq: number })[] = [];
      const skip = this.app.subjects.prefix === '' ? 0 : this.app.subjects.prefix.length + 1;
      let last = cursor.lastSeq;
      let n = 0;
      for (const m of batch) {
        if (m.seq <= last) continue;
        last = m.seq;
        n++;
        let data: unknown = null;
        try {
          data = JSON.parse(decoder.decode(m.data));
        } catch {
          // A malformed payload still counts by its subject.
        }
        const tokens = m.subject.slice(skip).split('.');
        for (const inc of streamIncrements(tokens, data, m.at)) tally.add(inc);
        for (const p of featurePoints(tokens, data)) points.push({ ...p, at: m.at, seq: m.seq });
      }
      if (n > 0) {
        await this.store.add(client, tally, 'live');
        await this.store.addFeaturePoints(client, points);
        await this.store.moveCursor(client, CONSUMER, last);
      }
      this.counted += n;
      return n;
    });
  }

  async status(): Promise<FollowStatus> {
    const cursor = await this.store.cursor(this.app.pg, CONSUMER, this.stream);
    return followStatus(this.app, this.stream, cursor.lastSeq, this.leader !== null, this.counted);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    // An attempt to lead that is half-way (holding the lock, opening the consumer) finishes first,
    // so that what it opened is closed here rather than left running on a closing app.
    await this.leading;
    await this.close?.().catch(() => undefined);
    this.close = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.chain.catch(() => undefined);
    // Destroying the connection frees the advisory lock at once for another instance.
    this.leader?.release(true);
    this.leader = null;
  }

  private later(): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      this.leading = this.tryLead();
    }, this.opts.leaderRetryMs);
  }

  private async tryLead(): Promise<void> {
    if (this.stopped) return;
    let client: pg.PoolClient | null = null;
    try {
      client = await this.app.pg.connect();
      const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
        `console.stats.rollup.${this.stream}`,
      ]);
      if (!got.rows[0]?.ok) {
        client.release();
        return this.later();
      }
      if (this.stopped) {
        client.release(true);
        return;
      }
      this.leader = client;
      client.on('error', (err) => this.lost(err));
      await this.run();
    } catch (err) {
      this.log.warn({ err }, 'rollup consumer could not start; retrying');
      await this.lost(err);
    }
  }

  private async lost(err: unknown): Promise<void> {
    if (this.losing) return;
    this.losing = true;
    if (this.leader) this.log.warn({ err }, 'rollup consumer stopped; another instance may take over');
    await this.close?.().catch(() => undefined);
    this.close = null;
    this.leader?.release(true);
    this.leader = null;
    this.losing = false;
    this.later();
  }

  private async run(): Promise<void> {
    // The start-up step creates the streams (services/kit/src/prepare-streams.ts); counting may start before the hubs do.
    await requireStreams(this.app.nats, this.app.subjects.prefix);
    const jsm = await jetstreamManager(this.app.nats);
    const info = await jsm.streams.info(this.stream);
    let cursor = await this.store.cursor(this.app.pg, CONSUMER, this.stream);
    if (info.state.last_seq < cursor.lastSeq) {
      // The stream was re-created: its sequences started again.
      this.log.warn(
        { cursor: cursor.lastSeq, last: info.state.last_seq },
        'hub stream replaced; counting anew',
      );
      await this.store.moveCursor(this.app.pg, CONSUMER, 0);
      cursor = { ...cursor, lastSeq: 0 };
    } else if (cursor.lastSeq + 1 < info.state.first_seq) {
      this.log.warn(
        { cursor: cursor.lastSeq, first: info.state.first_seq },
        'hub messages aged out uncounted',
      );
    }
    await this.opts.onLead?.(cursor);
    if (this.stopped) return;
    // A failed batch left the chain rejected: start clean from the cursor.
    this.chain = Promise.resolve();
    this.pending = [];
    const consumer = await jetstream(this.app.nats).consumers.get(this.stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: cursor.lastSeq + 1,
    });
    const messages = await consumer.consume({ max_messages: this.opts.batch * 2 });
    this.close = async () => {
      await messages.close();
      await consumer.delete().catch(() => false);
    };
    this.log.info({ from: cursor.lastSeq + 1 }, 'counting the hub message stream');
    void (async () => {
      for await (const m of messages) await this.take(m);
    })().catch((err) => this.lost(err));
  }

  private async take(m: JsMsg): Promise<void> {
    this.pending.push({
      seq: m.seq,
      subject: m.subject,
      data: m.data,
      at: Math.round(m.info.timestampNanos / 1e6),
    });
    if (this.pending.length >= this.opts.batch) {
      await this.flush();
    } else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush().catch((err) => this.lost(err)), this.opts.flushMs);
    }
  }

  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = this.pending;
    this.pending = [];
    this.chain = this.chain.then(() => this.apply(batch).then(() => undefined));
    return this.chain;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    rollupConsumer: RollupConsumer;
  }
}

export const rollupConsumerPlugin = fp(
  async (app: FastifyInstance, opts: RollupConsumerOptions) => {
    const consumer = new RollupConsumer(app, app.rollups, opts, app.log.child({ part: 'rollups' }));
    app.decorate('rollupConsumer', consumer);
    app.addHook('onReady', async () => consumer.start());
    app.addHook('preClose', async () => consumer.stop());
  },
  { name: 'rollup-consumer', dependencies: ['rollup-store', 'nats'] },
);
