import { COLLECTIONS, STORE_EVENT_COLLECTIONS, type StoreEvent } from '@console/contracts';
import { streamInfoOrNull, transaction } from '@console/kit';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import type { ReadModel } from './models.ts';
import { readByIds, upsertDocs } from './sweep.ts';
import type { SyncDeps } from './sync.ts';

type NatsConnection = FastifyInstance['nats'];
const decoder = new TextDecoder();

/** The model fed by each announced collection (client devices feed none). */
function modelsByCollection(models: readonly ReadModel[]): Map<string, ReadModel> {
  const out = new Map<string, ReadModel>();
  for (const key of STORE_EVENT_COLLECTIONS) {
    const m = models.find((x) => x.collection === COLLECTIONS[key]);
    if (m) out.set(key, m);
  }
  return out;
}

/** One message of the `STORE` stream. */
export interface StoreMessage {
  seq: number;
  data: Uint8Array;
}

/**
 * The read models follow what the writers of the stores announce (`store.<collection>.inserted`,
 * stream `STORE`, contracts/src/store-events.ts): each announced `_id` is read by equality (an index
 * read on MongoDB, pushed down by FerretDB) and upserted. The cost is what was added, whatever
 * the world's size; no range or sort is sent to the store. The last sequence applied
 * (`rm_store_cursor`) moves in the same transaction as the rows, so a restart resumes after it and
 * an announcement applied twice only upserts the same rows again.
 */
export class StoreFollow {
  private readonly byCollection: Map<string, ReadModel>;
  private readonly deps: SyncDeps;
  private readonly nc: NatsConnection;
  readonly stream: string;

  constructor(deps: SyncDeps, nc: NatsConnection, stream: string, models: readonly ReadModel[]) {
    this.deps = deps;
    this.nc = nc;
    this.stream = stream;
    this.byCollection = modelsByCollection(models);
  }

  /** The stream's last sequence now, or 0 when there is no stream yet. */
  private async streamEnd(): Promise<number> {
    return (await streamInfoOrNull(this.nc, this.stream))?.state.last_seq ?? 0;
  }

  /**
   * Before a first build reads the collections: the follow will start after what is announced
   * now (the build's scan holds it). Kept when already set: a build begun again replays more.
   */
  async markStart(): Promise<void> {
    const end = await this.streamEnd();
    await this.deps.pool.query(
      'insert into rm_store_cursor (stream, last_seq) values ($1, $2) on conflict (stream) do nothing',
      [this.stream, end],
    );
  }

  async cursor(): Promise<number> {
    const r = await this.deps.pool.query<{ last_seq: string }>(
      'select last_seq from rm_store_cursor where stream = $1',
      [this.stream],
    );
    return Number(r.rows[0]?.last_seq ?? 0);
  }

  /** Applies one batch of announcements after the cursor; returns the records read. */
  async apply(batch: readonly StoreMessage[]): Promise<number> {
    const cursor = await this.cursor();
    const ids = new Map<ReadModel, Set<string>>();
    let last = cursor;
    for (const m of batch) {
      if (m.seq <= cursor) continue;
      last = Math.max(last, m.seq);
      let event: Partial<StoreEvent> = {};
      try {
        event = JSON.parse(decoder.decode(m.data));
      } catch {
        this.deps.log.warn({ seq: m.seq }, 'store announcement is not JSON; skipped by the read models');
      }
      const model = event.collection ? this.byCollection.get(event.collection) : undefined;
      if (!model || !Array.isArray(event.docs)) continue;
      const set = ids.get(model) ?? new Set<string>();
      for (const d of event.docs) if (typeof d?.id === 'string') set.add(d.id);
      ids.set(model, set);
    }
    if (last === cursor) return 0;
    const read = await Promise.all(
      [...ids].map(async ([model, set]) => ({ model, docs: await readByIds(this.deps, model, [...set]) })),
    );
    await transaction(this.deps.pool, async (client) => {
      for (const { model, docs } of read) await upsertDocs(client, model, docs);
      await client.query(
        `update rm_store_cursor set last_seq = $2, updated_at = now() where stream = $1 and last_seq = $3`,
        [this.stream, last, cursor],
      );
    });
    return read.reduce((n, r) => n + r.docs.length, 0);
  }

  /**
   * Follows the stream from the cursor until `stopped`, a batch at a time (an ordered consumer
   * from the sequence after the cursor). A stream replaced (its end below the cursor) is followed
   * from its start.
   */
  async run(batchSize: number, stopped: () => boolean): Promise<void> {
    let cursor = await this.cursor();
    const end = await this.streamEnd();
    if (end < cursor) {
      this.deps.log.warn({ cursor, end }, 'store stream replaced; the read models follow it anew');
      await this.deps.pool.query('update rm_store_cursor set last_seq = 0 where stream = $1', [this.stream]);
      cursor = 0;
    }
    const consumer = await jetstream(this.nc).consumers.get(this.stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: cursor + 1,
    });
    while (!stopped()) {
      const batch: StoreMessage[] = [];
      const msgs = await consumer.fetch({ max_messages: batchSize, expires: 1000 });
      for await (const m of msgs) batch.push({ seq: m.seq, data: m.data });
      await this.apply(batch);
    }
  }
}
