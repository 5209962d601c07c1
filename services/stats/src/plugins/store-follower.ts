import {
  GROWN_EVENT_KINDS,
  STORE_EVENT_COLLECTIONS,
  type StoreEvent,
  type StoreEventDoc,
  streamNames,
} from '@console/contracts';
import { LeaderLoop, storeStreamConfig, streamInfoOrNull, transaction } from '@console/kit';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { rescanExtended } from './backfill.ts';
import { Tally } from './counts.ts';
import { FOLLOWED_METRICS, type ProductPair, productPair, RECORD_COUNTERS } from './record-counts.ts';
import type { RollupStore } from './rollup.store.ts';
import { type FollowStatus, followStatus } from './rollup-consumer.ts';

export interface StoreFollowerOptions {
  batch: number;
  leaderRetryMs: number;
  /** Counting waits until the backfill of every followed metric is done (false: BACKFILL=off). */
  awaitBackfill: boolean;
}

const decoder = new TextDecoder();
/** How often the follower asks whether the loader extended the world (one row read). */
const WORLD_CHECK_MS = 5000;
const KNOWN = new Set<string>([...STORE_EVENT_COLLECTIONS, ...GROWN_EVENT_KINDS]);

/** One message of the `STORE` stream, as the follower counts it. */
export interface StoreMessage {
  seq: number;
  data: Uint8Array;
}

/**
 * Follows the records the writers of the stores announce (`store.<collection>.inserted` on the
 * `STORE` stream) into the 'backfill' rollups, after the backfill of those collections. Its cost
 * is the records announced: nothing reads a collection again. One instance follows at a time (a
 * Postgres advisory lock on a held connection). Each batch's counts, the ids it counted
 * (`stats_record_seen`) and its last stream sequence are written in one transaction, and a record
 * whose id is already seen (counted by the backfill, or announced twice) counts nothing: a
 * restart resumes after the last committed sequence, and nothing is counted twice.
 */
export class StoreFollower {
  counted = 0;

  private readonly app: FastifyInstance;
  private readonly opts: StoreFollowerOptions;
  private readonly log: FastifyBaseLogger;
  private readonly loop: LeaderLoop;

  constructor(app: FastifyInstance, opts: StoreFollowerOptions) {
    this.app = app;
    this.opts = opts;
    this.log = app.log.child({ part: 'store-follower' });
    this.loop = new LeaderLoop({
      pool: app.pg,
      lock: `console.stats.store.${this.stream}`,
      retryMs: opts.leaderRetryMs,
      log: this.log,
      failure: 'store follower stopped; retrying',
      work: () => this.follow(),
    });
  }

  private get store(): RollupStore {
    return this.app.rollups;
  }

  get stream(): string {
    return streamNames(this.app.subjects.prefix).store;
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Counts one batch of announcements, skipping what the cursor says is done; returns records counted. */
  async apply(batch: readonly StoreMessage[]): Promise<number> {
    if (!batch.length) return 0;
    return transaction(this.app.pg, async (client) => {
      const cursor = await this.cursor(client, true);
      const docs: { collection: StoreEvent['collection']; doc: StoreEventDoc }[] = [];
      let last = cursor;
      for (const m of batch) {
        if (m.seq <= last) continue;
        last = m.seq;
        let event: Partial<StoreEvent> = {};
        try {
          event = JSON.parse(decoder.decode(m.data));
        } catch {
          this.log.warn({ seq: m.seq }, 'store announcement is not JSON; skipped');
        }
        if (!event.collection || !KNOWN.has(event.collection) || !Array.isArray(event.docs)) continue;
        for (const doc of event.docs)
          if (typeof doc?.id === 'string') docs.push({ collection: event.collection, doc });
      }
      if (last === cursor) return 0;
      const fresh = await this.store.markSeen(
        client,
        docs.map((d) => ({ kind: d.collection, id: d.doc.id })),
      );
      const tally = new Tally();
      const emit = (inc: Parameters<Tally['add']>[0]) => {
        if (Number.isFinite(inc.at)) tally.add(inc);
      };
      const pairs = new Map<string, ProductPair>();
      const now = Date.now();
      let n = 0;
      for (const { collection, doc } of docs) {
        if (!fresh.delete(`${collection}\u0000${doc.id}`)) continue;
        n++;
        RECORD_COUNTERS[collection].count(doc, emit, now);
        if (collection === 'products') {
          const pair = productPair(doc);
          const had = pairs.get(pair.key);
          if (!had || pair.at < had.at) pairs.set(pair.key, pair);
        }
      }
      // A structure's first device of a code: the pair counts once, when first seen.
      const opened = await this.store.markSeen(
        client,
        [...pairs.keys()].map((id) => ({ kind: 'structureProducts', id })),
      );
      for (const pair of pairs.values())
        if (opened.has(`structureProducts\u0000${pair.key}`))
          emit({ metric: 'structureProducts', series: pair.code, at: pair.at });
      // Counted as stored data, but a unique member only where nothing counted it in its bucket yet.
      await this.store.add(client, tally, 'backfill', 'each');
      await this.move(client, last);
      this.counted += n;
      return n;
    });
  }

  async status(): Promise<FollowStatus> {
    return followStatus(
      this.app,
      this.stream,
      await this.cursor(this.app.pg),
      this.loop.leading,
      this.counted,
    );
  }

  /** The last stream sequence counted (0: none), locked for the transaction with `lock`. */
  private async cursor(db: pg.Pool | pg.PoolClient, lock = false): Promise<number> {
    await db.query(
      `insert into stats_store_cursor (stream, last_seq, updated_at) values ($1, 0, now())
       on conflict (stream) do nothing`,
      [this.stream],
    );
    const r = await db.query<{ last_seq: string }>(
      `select last_seq from stats_store_cursor where stream = $1${lock ? ' for update' : ''}`,
      [this.stream],
    );
    return Number(r.rows[0]?.last_seq ?? 0);
  }

  private async move(db: pg.Pool | pg.PoolClient, lastSeq: number): Promise<void> {
    await db.query('update stats_store_cursor set last_seq = $2, updated_at = now() where stream = $1', [
      this.stream,
      lastSeq,
    ]);
  }

  private async follow(): Promise<void> {
    await this.requireStream();
    while (this.opts.awaitBackfill && !this.loop.stopped) {
      const done = await this.store.backfilled();
      if (FOLLOWED_METRICS.every((m) => done.has(m))) break;
      await this.loop.pause(this.opts.leaderRetryMs);
    }
    const jsm = await jetstreamManager(this.app.nats);
    const info = await jsm.streams.info(this.stream);
    let cursor = await this.cursor(this.app.pg);
    if (info.state.last_seq < cursor) {
      this.log.warn({ cursor }, 'store stream replaced; following anew');
      await this.move(this.app.pg, 0);
      cursor = 0;
    } else if (cursor + 1 < info.state.first_seq) {
      this.log.warn({ cursor, first: info.state.first_seq }, 'store announcements aged out');
    }
    const consumer = await jetstream(this.app.nats).consumers.get(this.stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: cursor + 1,
    });
    this.log.info({ from: cursor + 1 }, 'following the store announcements');
    this.loop.lastError = '';
    let checked = 0;
    while (!this.loop.stopped) {
      // A world the loader extended: its dated history is read again between two batches.
      if (this.opts.awaitBackfill && Date.now() - checked >= WORLD_CHECK_MS) {
        checked = Date.now();
        const deps = { pool: this.app.pg, db: this.app.mongo, store: this.store, log: this.log };
        if (await rescanExtended(deps)) this.log.info('extended world counted');
      }
      const batch: StoreMessage[] = [];
      const msgs = await consumer.fetch({ max_messages: this.opts.batch, expires: 1000 });
      for await (const m of msgs) batch.push({ seq: m.seq, data: m.data });
      await this.apply(batch);
    }
  }

  /** The `STORE` stream: created here where the broker user may; elsewhere the start-up step must. */
  private async requireStream(): Promise<void> {
    if (await streamInfoOrNull(this.app.nats, this.stream)) return;
    await (await jetstreamManager(this.app.nats)).streams.add(storeStreamConfig(this.app.subjects.prefix));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storeFollower: StoreFollower;
  }
}

export const storeFollowerPlugin = fp(
  async (app: FastifyInstance, opts: StoreFollowerOptions) => {
    const follower = new StoreFollower(app, opts);
    app.decorate('storeFollower', follower);
    app.addHook('onReady', async () => follower.start());
    app.addHook('preClose', async () => follower.stop());
  },
  { name: 'store-follower', dependencies: ['rollup-store', 'nats'] },
);
