import type { HubDoc, Overview, ProductDoc, Suggestion, UserDoc } from '@console/contracts';
import {
  STORE_EVENT_COLLECTIONS,
  type StoreEventCollection,
  storeEventMessages,
  subjects,
} from '@console/contracts';
import { natsAuth } from '@console/kit';
import { useSuite } from '@console/kit/testing';
import { growWorld, readMeta } from '@console/world';
import { connect } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { data, startSearch } from './harness.ts';

const h = useSuite(() => startSearch());

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

describe('the Gen2 search index stays current', () => {
  it("takes a grown world's new customers from the stores' announcements, within seconds", async () => {
    const meta = await readMeta(h.pool);
    if (!meta?.now) throw new Error('no world loaded');
    // Three minutes of growth at 4 new customers a minute (and nothing else), the announcements held back.
    const held: { subject: string; body: string }[] = [];
    const announced = new Set<string>(STORE_EVENT_COLLECTIONS);
    const r = await growWorld({
      pool: h.pool,
      db: h.db,
      rates: { customer: 4 * 1440, link: 0, device: 0, command: 0, note: 0 },
      now: meta.now + 3 * 60_000,
      onInserted: async (key, docs) => {
        if (!announced.has(key)) return;
        const subject = subjects(h.config.NATS_PREFIX).storeInserted(key);
        for (const m of storeEventMessages(key as StoreEventCollection, docs))
          held.push({ subject, body: m.body });
      },
    });
    expect(r.ticks).toBe(3);
    const grown = await h.db
      .collection<UserDoc>('users')
      .find({ email: { $in: r.added.customer }, 'rootGroupIds.0': { $exists: true } })
      .toArray();
    expect(grown.length).toBeGreaterThan(0);
    const suggested = async (u: UserDoc) =>
      data<Suggestion[]>(
        await h.call('search.supportPlusAutocomplete', {
          caller: h.staff(['support']),
          params: { text: u.email },
        }),
      ).some((x) => x.value === u.email);
    const indexed = async (u: UserDoc) =>
      (await suggested(u)) &&
      (
        await h.pool.query('select 1 from search_g2_structures where root_group_id = any($1::text[])', [
          u.rootGroupIds,
        ])
      ).rowCount === u.rootGroupIds.length;
    // In the stores, not yet in the index: nothing announced.
    for (const u of grown) expect(await suggested(u), u.email).toBe(false);

    const nc = await connect({ servers: h.config.NATS_URL, ...natsAuth() });
    for (const m of held) nc.publish(m.subject, m.body);
    await nc.drain();
    const t0 = Date.now();
    expect(await until(async () => (await Promise.all(grown.map(indexed))).every(Boolean), 15_000)).toBe(
      true,
    );
    expect(Date.now() - t0).toBeLessThan(15_000);
  });

  it('refreshes the hub and structure an audit event names', async () => {
    const hubs = h.db.collection<HubDoc>('hubs');
    const hub = (await hubs.findOne({ errorState: false, rootGroupId: { $ne: null } })) as HubDoc;
    await hubs.updateOne({ hubId: hub.hubId }, { $set: { errorState: true } });
    const listed = async () =>
      data<Overview>(await h.call('search.overview', { caller: h.staff(['support']) })).errorState.links.some(
        (l) => l.hubId === hub.hubId,
      );
    expect(await listed()).toBe(false);
    const nc = await connect({ servers: h.config.NATS_URL, ...natsAuth() });
    nc.publish(
      subjects(h.config.NATS_PREFIX).audit('hub-action'),
      JSON.stringify({ action: 'Reset ErrorState', hubId: hub.hubId, rootGroupId: hub.rootGroupId }),
    );
    await nc.drain();
    expect(await until(listed)).toBe(true);
  });

  it('takes what a structure detail read, dropping products no longer there', async () => {
    const p = (await h.db
      .collection<ProductDoc>('products')
      .findOne({ productCode: { $ne: 'L2' } })) as ProductDoc;
    await h.db.collection('products').deleteOne({ deviceId: p.deviceId });
    const before = await h.pool.query('select 1 from search_g2_products where device_id = $1', [p.deviceId]);
    expect(before.rowCount).toBe(1);
    data(
      await h.call('search.structure', {
        caller: h.staff(['support']),
        params: { rootGroupId: p.rootGroupId },
      }),
    );
    expect(
      await until(
        async () =>
          (await h.pool.query('select 1 from search_g2_products where device_id = $1', [p.deviceId]))
            .rowCount === 0,
      ),
    ).toBe(true);
  });
});
