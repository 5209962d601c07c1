import type { StoreEvent } from '@console/contracts';
import { ObjectId } from 'mongodb';
import type pg from 'pg';
import type { Gen2Mongo } from './gen2.store.ts';
import { hubRow, productRow, structureRow, userRow } from './index-rows.ts';
import { replaceStructure, upsertHubs, upsertUsers } from './index-write.ts';
import type { StructureParts } from './structure-view.ts';

/** Writes what was just read of a structure into the search index. */
export async function projectStructure(pool: pg.Pool, parts: StructureParts): Promise<void> {
  await replaceStructure(
    pool,
    structureRow(parts.structure),
    parts.hubs.map(hubRow),
    parts.products.map(productRow),
  );
  await upsertUsers(pool, parts.users.map(userRow));
}

/**
 * Keeps the index current for what an audit event names (hub-control publishes one per staff
 * action, with the hub and structure it touched). Refreshes of the same key within `quietMs`
 * collapse into one.
 */
export class IndexRefresher {
  private readonly pending = new Map<string, NodeJS.Timeout>();

  private readonly pool: pg.Pool;
  private readonly mongo: Gen2Mongo;
  private readonly onError: (err: unknown) => void;
  private readonly quietMs: number;
  constructor(pool: pg.Pool, mongo: Gen2Mongo, onError: (err: unknown) => void, quietMs = 500) {
    this.quietMs = quietMs;
    this.pool = pool;
    this.mongo = mongo;
    this.onError = onError;
  }

  request(event: { rootGroupId?: unknown; hubId?: unknown }): void {
    if (typeof event.rootGroupId === 'string' && event.rootGroupId) {
      this.later(`s:${event.rootGroupId}`, () => this.structure(event.rootGroupId as string));
    } else if (typeof event.hubId === 'number') {
      this.later(`h:${event.hubId}`, () => this.hub(event.hubId as number));
    }
  }

  /**
   * Brings into the index what a writer of the stores announced it inserted (`STORE`,
   * contracts/src/store-events.ts: the growth's and the loader's new customers): users are read
   * by `_id` and upserted at once; a structure, or a product naming its structure, refreshes that
   * structure with its hubs, products and users (collapsed like any refresh); a hub is read by `_id`
   * and upserted. Reads are `_id` equalities (pushed down by FerretDB), so the cost is what was added.
   */
  async announced(event: Partial<StoreEvent>, opts: { now?: boolean } = {}): Promise<void> {
    const docs = Array.isArray(event.docs) ? event.docs.filter((d) => typeof d?.id === 'string') : [];
    const ids = docs.map((d) => (/^[0-9a-f]{24}$/.test(d.id) ? new ObjectId(d.id) : d.id));
    if (!ids.length) return;
    switch (event.collection) {
      case 'users': {
        const users = await this.mongo.byValues(this.mongo.users, '_id', ids, 1);
        await upsertUsers(this.pool, users.map(userRow));
        return;
      }
      case 'hubs': {
        const hubs = await this.mongo.byValues(this.mongo.hubs, '_id', ids, 1);
        await upsertHubs(this.pool, hubs.map(hubRow));
        return;
      }
      case 'products':
        return this.structures(
          docs.map((d) => d.rootGroupId),
          opts.now,
        );
      case 'structures': {
        const found = await this.mongo.byValues(this.mongo.structures, '_id', ids, 1);
        return this.structures(
          found.map((s) => s.rootGroupId),
          opts.now,
        );
      }
      default:
    }
  }

  /**
   * Refreshes these structures: later and collapsed, or (`now`, for a follower that moves its
   * cursor only past what is written) each once, before answering.
   */
  private async structures(ids: readonly unknown[], now = false): Promise<void> {
    const distinct = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
    if (!now) {
      for (const rootGroupId of distinct) this.request({ rootGroupId });
      return;
    }
    for (const rootGroupId of distinct) await this.structure(rootGroupId);
  }

  private later(key: string, run: () => Promise<void>): void {
    if (this.pending.has(key)) return;
    const t = setTimeout(() => {
      this.pending.delete(key);
      run().catch(this.onError);
    }, this.quietMs);
    t.unref();
    this.pending.set(key, t);
  }

  async structure(rootGroupId: string): Promise<void> {
    const parts = await this.mongo.structureWith(rootGroupId);
    if (parts) await projectStructure(this.pool, parts);
    else await this.pool.query('delete from search_g2_structures where root_group_id = $1', [rootGroupId]);
  }

  async hub(hubId: number): Promise<void> {
    const hub = await this.mongo.hubs.findOne({ hubId });
    if (hub) await upsertHubs(this.pool, [hubRow(hub)]);
    else await this.pool.query('delete from search_g2_hubs where hub_id = $1', [hubId]);
  }

  stop(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
  }
}
