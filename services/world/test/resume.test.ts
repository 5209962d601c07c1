import { COLLECTIONS } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { copyBatch } from '../src/batch.ts';
import { generateCustomer } from '../src/customer.ts';
import { GEN2_KEYS, type LoadProgress, loadWorld, progressLine, readMeta, summarize } from '../src/index.ts';
import { insertDocs } from '../src/mongo/insert.ts';
import { expectStoredCounts, openWorld } from './harness.ts';

const w = useSuite(() => openWorld());
const SPEC = { seed: 17, customers: 60 };
const NOW = Date.UTC(2026, 10, 20, 9, 30);

describe('a load stopped half way', () => {
  it('prints its progress, and a second run continues where it stopped, skipping what a stopped batch wrote', async () => {
    const seen: LoadProgress[] = [];
    const stop = new Error('interrupted');
    await expect(
      loadWorld({
        pool: w.pool,
        db: w.db,
        ...SPEC,
        batch: 20,
        now: NOW,
        onProgress: (p) => {
          seen.push(p);
          if (p.done === 40) throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(seen.map((p) => [p.done, p.total])).toEqual([
      [20, 60],
      [40, 60],
    ]);
    expect(seen[0]?.rate).toBeGreaterThan(0);
    expect(seen[0]?.secondsLeft).toBeCloseTo((40 / (seen[0]?.rate as number)) as number, 5);
    expect(progressLine(seen[1] as LoadProgress)).toMatch(
      /^world: 40 \/ 60 customers \(66 %\), [\d,]+ customers\/s, \d+ (s|min \d+ s) left \(/,
    );
    expect(await readMeta(w.pool)).toEqual({
      ...SPEC,
      customers: 40,
      histories: true,
      status: 'loading',
      now: NOW,
    });

    // The stop came mid-batch: Postgres had committed customers 40..59, the Mongo server held half of them.
    const batch = Array.from({ length: 20 }, (_, i) => generateCustomer(SPEC.seed, 40 + i, { now: NOW }));
    await copyBatch(w.pool, batch, (c) => c.query('update world_meta set pg_customers = 60'));
    await insertDocs(w.db, batch.slice(0, 10), Math.floor(NOW / 1000));

    const r = await loadWorld({ pool: w.pool, db: w.db, ...SPEC, batch: 20, now: Date.now() });
    expect(r).toMatchObject({ resumed: true, from: 40, customers: 20, now: NOW, skipped: false });
    // The documents this run wrote: the stopped batch's other half and the last batch.
    const docsOf = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => generateCustomer(SPEC.seed, from + i, { now: NOW })).reduce(
        (n, c) => n + GEN2_KEYS.reduce((m, k) => m + c.gen2[k].length, 0),
        0,
      );
    expect(r.docs).toBe(docsOf(50, 60));
    expect(await readMeta(w.pool)).toEqual({ ...SPEC, histories: true, status: 'loaded', now: NOW });
    // Exactly the world loaded in one go: every row and document once.
    const expected = summarize(SPEC);
    await expectStoredCounts(w, expected.counts);
    // The resumed customers carry the first run's now.
    const last = generateCustomer(SPEC.seed, 59, { now: NOW }).gen2.users[0];
    if (last) {
      const stored = await w.db.collection(COLLECTIONS.users).findOne({ userId: last.userId });
      expect(stored?.createdDate).toEqual(last.createdDate);
    }
  });

  it('reproduces a pinned now: the same seed and now give the same stored dates', async () => {
    const first = generateCustomer(SPEC.seed, 3, { now: NOW }).gen1.users[0];
    if (!first) return;
    const { rows } = await w.pool.query('select created from users where user_id = $1', [first.user_id]);
    expect(Number(rows[0]?.created)).toBe(first.created);
  });
});
