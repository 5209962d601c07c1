import type { StoreEvent } from '@console/contracts';
import { LeaderLoop, streamInfoOrNull } from '@console/kit';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { IndexRefresher } from './refresh.ts';

export interface SearchStoreFollowOptions {
  nc: NatsConnection;
  pool: pg.Pool;
  refresher: IndexRefresher;
  log: FastifyBaseLogger;
  /** The `STORE` stream's name (contracts' streamNames(prefix).store). */
  stream: string;
  /** Announcements read and indexed per cursor move. */
  batch?: number;
  /** Pause before trying again: no stream yet, another instance following, a failure. */
  retryMs?: number;
}

const CURSOR_KEY = 'store-cursor';

/**
 * Keeps the Gen2 search index current with what the stores' writers announce they inserted
 * (`STORE` stream, contracts/src/store-events.ts), from a cursor kept beside the index
 * (`search_g2_meta`, key 'store-cursor'): a search service stopped while the world grew takes up
 * the announcements it missed when it starts again, and the cursor moves only past what is
 * written to the index. One instance follows at a time (a Postgres advisory lock); the others
 * wait to take over. Where no `STORE` stream exists yet (nothing announces), it waits for one.
 */
export class SearchStoreFollower {
  private readonly o: Required<SearchStoreFollowOptions>;
  private readonly loop: LeaderLoop;

  constructor(o: SearchStoreFollowOptions) {
    this.o = { batch: 200, retryMs: 5000, ...o };
    this.loop = new LeaderLoop({
      pool: this.o.pool,
      lock: `console.search.store.${this.o.stream}`,
      retryMs: this.o.retryMs,
      log: this.o.log,
      failure: 'search index: store follower stopped; retrying',
      work: () => this.follow(),
    });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** The last stream sequence indexed (0: none). */
  async cursor(): Promise<number> {
    const r = await this.o.pool.query<{ seq: string | null }>(
      "select value->>'seq' as seq from search_g2_meta where key = $1",
      [CURSOR_KEY],
    );
    return Number(r.rows[0]?.seq ?? 0);
  }

  /**
   * Moves the cursor to the stream's last announcement (before a whole build of the index, which
   * reads everything stored by then). No stream: nothing to skip.
   */
  async skipToEnd(): Promise<void> {
    const info = await streamInfoOrNull(this.o.nc, this.o.stream);
    if (info) await this.move(info.state.last_seq);
  }

  private async move(seq: number): Promise<void> {
    await this.o.pool.query(
      `insert into search_g2_meta (key, value) values ($1, $2)
       on conflict (key) do update set value = $2, updated = now()`,
      [CURSOR_KEY, JSON.stringify({ seq })],
    );
  }

  private async follow(): Promise<void> {
    const info = await streamInfoOrNull(this.o.nc, this.o.stream);
    if (!info) {
      this.loop.lastError = 'no stream';
      return; // nothing announces yet: looked for again after retryMs
    }
    let cursor = await this.cursor();
    if (info.state.last_seq < cursor) {
      this.o.log.warn({ cursor }, 'search index: store stream replaced; following anew');
      cursor = 0;
      await this.move(0);
    } else if (cursor + 1 < info.state.first_seq) {
      this.o.log.warn(
        { cursor, first: info.state.first_seq },
        'search index: store announcements aged out; what they named is indexed at the next build',
      );
    }
    const consumer = await jetstream(this.o.nc).consumers.get(this.o.stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: cursor + 1,
    });
    this.o.log.info({ from: cursor + 1 }, 'search index: following the store announcements');
    this.loop.lastError = '';
    while (!this.loop.stopped) {
      let last = 0;
      const msgs = await consumer.fetch({ max_messages: this.o.batch, expires: 1000 });
      for await (const m of msgs) {
        let event: Partial<StoreEvent> | null = null;
        try {
          event = m.json<Partial<StoreEvent>>();
        } catch {
          // not JSON: nothing to index
        }
        if (event) await this.o.refresher.announced(event, { now: true });
        last = m.seq;
      }
      if (last) await this.move(last);
    }
  }
}
