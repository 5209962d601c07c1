import { COLLECTIONS, type HubDoc, type Subjects } from '@console/contracts';
import { generateCustomer, growthTick, WORLD_NOW } from '@console/world';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { HubRecordReader } from './hub-records.ts';
import type { HubRuntime } from './hub-runtime.ts';
import type { SimHubState } from './hub-state.ts';

export interface StoreFollowerOptions {
  nc: NatsConnection;
  subjects: Subjects;
  db: FastifyInstance['mongo'];
  hubs: HubRuntime;
  reader: HubRecordReader;
  shard: { index: number; count: number };
  log: FastifyBaseLogger;
  /** A hub that joined the fleet (a new customer's): connect it. */
  joined: (hub: SimHubState) => void;
  /** Announcements come in bursts (one per inserted chunk): act this long after the last one. */
  quietMs?: number;
  /** …but never later than this after the first one. */
  maxWaitMs?: number;
}

/**
 * The number of the growth's first new customer (services/world numbers them from there up, in
 * order): the one customer of a one-customer growth tick.
 */
function firstGrownCustomer(): number {
  const rates = { customer: 1, link: 0, device: 0, command: 0, note: 0 };
  const tick = growthTick({ seed: 0, customers: 0, now: WORLD_NOW }, 0, 86_400_000, rates, 0);
  const index = tick.parts[0]?.index;
  if (index === undefined) throw new Error('a one-customer growth tick made no customer');
  return index;
}

/** Customers in a row whose hubs the store lacks before the catch-up takes the growth as ended. */
const MISSES_AT_END = 3;

/**
 * Follows the stores' announcements of inserted products (`store.products.inserted`, JetStream
 * `STORE`; contracts/src/store-events.ts): every writer announces what it inserts, and a product
 * names its structure. For each structure announced, the hubs this instance holds in it read their
 * records again at their next command, and a hub of that structure the fleet does not hold yet (a
 * new customer's, in this instance's shard) joins it: read from the store, connected at once.
 */
export class StoreFollower {
  private sub: Subscription | null = null;
  private stopped = false;
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private firstAt = 0;
  private running: Promise<void> = Promise.resolve();
  private readonly o: StoreFollowerOptions;
  constructor(o: StoreFollowerOptions) {
    this.o = o;
  }

  start(): void {
    this.sub = this.o.nc.subscribe(this.o.subjects.storeInserted(COLLECTIONS.products), {
      callback: (err, msg) => {
        if (err) return this.o.log.error({ err }, 'store announcements: subscription failed');
        this.heard(msg.data);
      },
    });
  }

  /**
   * The hubs of customers the growth added before this instance started (it heard no
   * announcement of them): the growth's customers are numbered in order and their hub ids are the
   * generator's, so each is looked up by id (index equality) until a few customers in a row are
   * not in the store. Returns how many joined.
   */
  async catchUp(seed: number): Promise<number> {
    const { index: shardIndex, count } = this.o.shard;
    const hubs = this.o.db.collection<HubDoc>(COLLECTIONS.hubs);
    let joined = 0;
    let misses = 0;
    for (let index = firstGrownCustomer(); misses < MISSES_AT_END && !this.stopped; index++) {
      // joinsAt only moves dates: the ids are the ones the growth stored.
      const c = generateCustomer(seed, index, { histories: false, gen1: false, joinsAt: WORLD_NOW });
      const ids = c.gen2.hubs.map((h) => h.hubId);
      if (ids.length === 0) continue;
      const stored = await hubs.findOne(
        { hubId: ids[0] },
        { projection: { _id: 0, hubId: 1 }, maxTimeMS: 10_000 },
      );
      if (!stored) {
        misses++;
        continue;
      }
      misses = 0;
      const mine = ids.filter((id) => id % count === shardIndex && !this.o.hubs.hubs.has(id));
      const read = await this.o.reader.readMany(mine);
      for (const state of this.o.hubs.load([...read.values()])) {
        state.recordsCurrent = true;
        this.o.joined(state);
        joined++;
      }
    }
    return joined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sub?.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private heard(data: Uint8Array): void {
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(data));
    } catch {
      this.o.log.warn('store announcements: a message that is not JSON, ignored');
      return;
    }
    const docs = (body as { docs?: unknown } | null)?.docs;
    if (!Array.isArray(docs)) return;
    for (const d of docs) {
      const rootGroupId = (d as { rootGroupId?: unknown } | null)?.rootGroupId;
      if (typeof rootGroupId === 'string' && rootGroupId.length > 0 && rootGroupId.length <= 200)
        this.pending.add(rootGroupId);
    }
    if (this.pending.size === 0) return;
    const now = Date.now();
    if (!this.timer) this.firstAt = now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.min(
      this.o.quietMs ?? 1000,
      Math.max(0, this.firstAt + (this.o.maxWaitMs ?? 5000) - now),
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.running.then(() => this.flush());
    }, wait);
  }

  private async flush(): Promise<void> {
    const structures = [...this.pending];
    this.pending.clear();
    const wanted = new Set(structures);
    for (const h of this.o.hubs.list) if (wanted.has(h.rootGroupId)) this.o.hubs.recordsChanged(h);
    const { index, count } = this.o.shard;
    const hubs = this.o.db.collection<HubDoc>(COLLECTIONS.hubs);
    const newIds: number[] = [];
    try {
      // By equality on the indexed rootGroupId, one structure at a time.
      for (const rootGroupId of structures) {
        const found = await hubs
          .find({ rootGroupId }, { projection: { _id: 0, hubId: 1 }, maxTimeMS: 10_000 })
          .toArray();
        for (const { hubId } of found)
          if (hubId % count === index && !this.o.hubs.hubs.has(hubId)) newIds.push(hubId);
      }
      const read = await this.o.reader.readMany(newIds);
      for (const state of this.o.hubs.load([...read.values()])) {
        state.recordsCurrent = true;
        this.o.joined(state);
      }
      if (read.size > 0) this.o.log.info({ hubs: [...read.keys()] }, 'new hubs joined the fleet');
    } catch (err) {
      this.o.log.warn({ err, structures: structures.length }, 'store announcements: new hubs not read');
    }
  }
}
