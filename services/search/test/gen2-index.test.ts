import type { HubDoc, Overview, ProductDoc } from '@console/contracts';
import { subjects } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { useSuite } from '@console/kit/testing';
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
