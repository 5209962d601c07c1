import { COLLECTIONS, type FailedCommand } from '@console/contracts';
import { operationClient, useSuite } from '@console/kit/testing';
import { growWorld, loadWorld, readMeta } from '@console/world';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { Opened } from '../src/records/records.store.ts';
import { data, startHubControl } from './harness.ts';

/**
 * Recent Failed Commands is a list its writers keep: a small world loaded, grown (services/world's
 * growWorld, as the simulator runs it) and written to by hub-control's records; the list must be
 * the store's newest failed transactions, newest first, at most 100, through a restart and after
 * the list is lost. The expected answer is the store's own scan, made here.
 */
const h = useSuite(() => startHubControl({}, {}, { world: true }));
const MINUTE = 60_000;

const recent = async (limit: number) =>
  data<{ rows: FailedCommand[] }>(
    await operationClient(h.nc, h.prefix)('hub-control.recentFailedCommands', {
      caller: h.caller(['support'], 'Sam Support'),
      query: { limit: String(limit) },
    }),
  ).rows.map((r) => r.id);

/** The newest failed transactions, read the slow way. */
const scanned = async (limit: number) =>
  (
    await h.db
      .collection(COLLECTIONS.transactions)
      .find({ success: { $ne: true } }, { sort: { createdDate: -1, _id: -1 }, limit })
      .toArray()
  ).map((d) => d._id.toHexString());

/** Failed (and a few successful) transactions as hub-control's audit writer writes them. */
function hubControlRecords(n: number, from: number): Opened[] {
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(from + i * 7_000);
    return {
      _id: new ObjectId(),
      transactionId: 9000 + i,
      hubId: 100 + i,
      rootGroupId: null,
      action: 'System Read',
      class: 'system',
      operation: 'read',
      messages: [],
      tags: ['supportPlus', 'hub-control.systemRead'],
      successList: [],
      success: i % 5 === 0 ? true : i % 2 === 0 ? null : false,
      warning: false,
      state: i % 5 === 0 ? 'ok' : i % 2 === 0 ? 'timedOut' : 'failed',
      firstMsgInfo: {},
      startDate: at,
      createdDate: at,
      duration: 5000,
      error: 'no answer',
      staff: { userId: 'u1', email: 'sam@console.test', name: 'Sam Support' },
      requestId: `r${i}`,
    } as Opened;
  });
}

describe('recent failed commands, kept by their writers', () => {
  it("holds the newest 100 failures of the world's load and growth and of hub-control, newest first", async () => {
    await loadWorld({ pool: h.pool, db: h.db, seed: 23, customers: 25 });
    const meta = await readMeta(h.pool);
    if (!meta?.now) throw new Error('no world loaded');
    const loaded = await scanned(100);
    expect(loaded.length).toBeGreaterThan(0);
    expect(await recent(100)).toEqual(loaded);

    // An hour of growth at 2,000 commands a minute, half of them Gen2 transactions (5 % fail).
    const grown = await growWorld({
      pool: h.pool,
      db: h.db,
      rates: { customer: 0, link: 0, device: 0, command: 2000 * 1440, note: 0 },
      now: meta.now + 30 * MINUTE,
      maxTicks: 30,
    });
    expect(grown.ticks).toBe(30);
    // hub-control's own, interleaved in time with the growth's.
    await h.app.records.writeTransactions(hubControlRecords(120, meta.now));

    const expected = await scanned(100);
    const answered = await recent(100);
    expect(answered).toEqual(expected);
    const growthIds = new Set(
      (
        await h.db
          .collection(COLLECTIONS.transactions)
          .find({ linkId: { $exists: true }, createdDate: { $gte: new Date(meta.now) } })
          .toArray()
      ).map((d) => d._id.toHexString()),
    );
    const hubControlIds = new Set(
      (
        await h.db
          .collection(COLLECTIONS.transactions)
          .find({ requestId: { $exists: true } })
          .toArray()
      ).map((d) => d._id.toHexString()),
    );
    // Both writers' failures are among the newest hundred.
    expect(answered.filter((id) => growthIds.has(id)).length).toBeGreaterThan(0);
    expect(answered.filter((id) => hubControlIds.has(id)).length).toBeGreaterThan(0);
    expect(await recent(7)).toEqual(expected.slice(0, 7));
    expect(await h.db.collection(COLLECTIONS.recentFailed).countDocuments()).toBe(100);
  }, 120_000);

  it('survives a restart, and a lost list is filled again from the transactions', async () => {
    const before = await recent(100);
    const again = await h.another();
    await h.app.close();
    expect(await recent(100)).toEqual(before);

    await h.db.collection(COLLECTIONS.recentFailed).drop();
    expect(await recent(100)).toEqual([]);
    const third = await h.another();
    await h.waitUntil(async () => (await recent(100)).length === 100, 'the list filled again', 30_000);
    expect(await recent(100)).toEqual(await scanned(100));
    await again.close();
    await third.close();
  }, 120_000);
});
