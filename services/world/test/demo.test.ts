import { COLLECTIONS, STORE_EVENT_COLLECTIONS, type StoreEvent, streamNames } from '@console/contracts';
import { ensureStreams, natsAuth, removeStreams } from '@console/kit';
import { infraEnv, uniqueName, useSuite } from '@console/kit/testing';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { loadDemoWorld, readMeta } from '../src/index.ts';
import { openWorld } from './harness.ts';

const w = useSuite(() => openWorld());
// No broker: these loads announce nothing (the last test announces on a stream of its own).
const quiet = { natsUrl: '' };
/** The suite's demo world: 40 customers of seed 9, announced nowhere. */
const demo = () => ({ databaseUrl: w.databaseUrl, mongoUrl: w.mongoUrl, customers: 40, seed: 9, ...quiet });

describe('the demo world', () => {
  it('loads once, is left alone on the next start, and is never replaced by another seed', async () => {
    const opts = demo();
    expect((await loadDemoWorld(opts)).outcome).toBe('loaded');
    const hubs = await w.db.collection(COLLECTIONS.hubs).countDocuments();
    expect(hubs).toBeGreaterThan(0);

    expect((await loadDemoWorld(opts)).outcome).toBe('present');
    const other = await loadDemoWorld({ ...opts, seed: 10 });
    expect(other.outcome).toBe('other');
    expect(other.message).toMatch(/seed 9/);
    expect(await w.db.collection(COLLECTIONS.hubs).countDocuments()).toBe(hubs);
    expect(await readMeta(w.pool)).toMatchObject({ seed: 9, customers: 40, status: 'loaded' });
  });

  it('loads a world from before worlds had a now again, so that it ends now', async () => {
    await w.pool.query('update world_meta set world_now = null');
    const before = Date.now();
    const r = await loadDemoWorld(demo());
    expect(r.outcome).toBe('loaded');
    expect(r.message).toMatch(/loaded again to end now/);
    const meta = await readMeta(w.pool);
    expect(meta).toMatchObject({ seed: 9, customers: 40, status: 'loaded' });
    expect(meta?.now).toBeGreaterThanOrEqual(before - 1000);
  });

  it('resumes a load that stopped half way', async () => {
    await w.pool.query("update world_meta set status = 'loading', customers = 30");
    const hubs = await w.db.collection(COLLECTIONS.hubs).countDocuments();
    const r = await loadDemoWorld(demo());
    expect(r.outcome).toBe('loaded');
    expect(r.message).toMatch(/resumed at customer 30/);
    expect(await w.db.collection(COLLECTIONS.hubs).countDocuments()).toBe(hubs);
    expect(await readMeta(w.pool)).toMatchObject({ seed: 9, customers: 40, status: 'loaded' });
  });

  it('announces what it loads on STORE, every record the statistics and read models count, in batches', async () => {
    const env = infraEnv();
    const nc = await connect({ servers: env.NATS_URL.split(','), name: 'world-demo-test', ...natsAuth() });
    const prefix = uniqueName('world-announce');
    await ensureStreams(nc, prefix);
    try {
      const r = await loadDemoWorld({
        databaseUrl: w.databaseUrl,
        mongoUrl: w.mongoUrl,
        customers: 60,
        seed: 9,
        natsUrl: env.NATS_URL,
        natsPrefix: prefix,
      });
      expect(r.outcome).toBe('loaded');
      expect(r.message).toMatch(/announced on/);
      const stream = streamNames(prefix).store;
      const consumer = await jetstream(nc).consumers.get(stream, { deliver_policy: DeliverPolicy.All });
      const announced = new Map<string, Set<string>>();
      let messages = 0;
      for (;;) {
        const msgs = await consumer.fetch({ max_messages: 500, expires: 1000 });
        let n = 0;
        for await (const m of msgs) {
          n++;
          const e = m.json<StoreEvent>();
          const set = announced.get(e.collection) ?? new Set();
          for (const d of e.docs) set.add(d.id);
          announced.set(e.collection, set);
        }
        messages += n;
        if (n === 0) break;
      }
      // The records of customers 40..59 (the ones this load wrote) are announced, each collection's
      // in messages of many records; nothing else is.
      let records = 0;
      for (const key of STORE_EVENT_COLLECTIONS) {
        const docs = await w.db
          .collection(COLLECTIONS[key])
          .find({}, { projection: { _id: 1 } })
          .toArray();
        // A loaded record's _id holds its customer's number (services/world/src/mongo/insert.ts docId).
        const loadedNow = docs
          .map((d) => d._id as ObjectId)
          .filter((id) => Buffer.from(id.id).readUInt32BE(4) >= 40)
          .map(String);
        const got = announced.get(key) ?? new Set();
        expect(loadedNow.length, key).toBeGreaterThan(0);
        expect([...got].sort(), key).toEqual(loadedNow.sort());
        records += got.size;
      }
      expect(messages).toBeLessThan(records / 5);
    } finally {
      await removeStreams(nc, prefix);
      await nc.close();
    }
  });
});
