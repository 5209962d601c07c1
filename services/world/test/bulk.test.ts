import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { ensureIndexes, loadWorld, migrateWorld } from '../src/index.ts';
import { parkIndexes } from '../src/postgres/bulk.ts';
import { openWorld } from './harness.ts';

const w = useSuite(() => openWorld());

const indexNames = async () =>
  (
    await w.pool.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = 'public' order by 1",
    )
  ).rows.map((r) => r.indexname);

describe('bulk loading', () => {
  it('builds the indexes after the data and ends with every index in place', async () => {
    await migrateWorld(w.pool);
    await ensureIndexes(w.db);
    const before = await indexNames();
    const mongoBefore = await w.db.collection('products').indexes();
    const r = await loadWorld({ pool: w.pool, db: w.db, seed: 4, customers: 50, bulk: true });
    expect(r.indexSeconds).toBeGreaterThan(0);
    expect(await indexNames()).toEqual(before);
    expect((await w.db.collection('products').indexes()).length).toBe(mongoBefore.length);
    const parked = await w.pool.query('select count(*)::int as n from world_parked_indexes');
    expect(parked.rows[0]?.n).toBe(0);
    // Dropping and creating every Mongo index one by one on FerretDB: past 30 s on a loaded machine.
  }, 120_000);

  it('rebuilds indexes a stopped bulk load left parked on the next migration', async () => {
    const before = await indexNames();
    expect(await parkIndexes(w.pool)).toBeGreaterThan(10);
    expect((await indexNames()).length).toBeLessThan(before.length);
    await migrateWorld(w.pool);
    expect(await indexNames()).toEqual(before);
  });
});
