import { readMigrations, runMigrations } from '@console/kit';
import { infraEnv, type ScratchPostgres, scratchPostgres } from '@console/kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_COLUMNS } from '../src/read-models/models.ts';
import { upsert } from '../src/read-models/sync.ts';

/**
 * Get Feature Types' counts (migrations/007_feature_type_counts.sql): kept by statement triggers
 * on rm_products and rm_features, they must equal the join of the two tables whatever order,
 * batching, re-writes, deletions and concurrent transactions brought the rows. Real Postgres.
 */
let pg: ScratchPostgres;

beforeAll(async () => {
  pg = await scratchPostgres(infraEnv().DATABASE_URL, 'cft', 4);
  await runMigrations(pg.pool, 'stats', readMigrations(new URL('../migrations/', import.meta.url)));
});
afterAll(async () => {
  await pg?.drop();
});
beforeEach(async () => {
  await pg.pool.query(
    'delete from rm_products; delete from rm_features; delete from rm_code_feature_types; delete from rm_code_products',
  );
});

const product = (id: string, code: string, features: string[]) => ({
  id,
  root_group_id: 'r',
  product_code: code,
  category: null,
  virtual_code: null,
  generation: 'gen2',
  link_id: null,
  feature_ids: features,
});
const products = (rows: ReturnType<typeof product>[]) => ({
  table: 'rm_products',
  key: 'id',
  columns: { id: 'text', ...PRODUCT_COLUMNS },
  rows,
});
const features = (rows: [string, string][]) => ({
  table: 'rm_features',
  key: 'feature_id',
  columns: { feature_id: 'text', root_group_id: 'text', type: 'text' },
  rows: rows.map(([feature_id, type]) => ({ feature_id, root_group_id: 'r', type })),
});

/** One upsert on a connection of its own, committed. */
async function write(t: Parameters<typeof upsert>[1]): Promise<void> {
  const c = await pg.pool.connect();
  try {
    await upsert(c, t);
  } finally {
    c.release();
  }
}

async function kept(): Promise<Record<string, number>> {
  const r = await pg.pool.query<{ k: string; n: number }>(
    `select product_code || ' ' || type as k, features::int as n from rm_code_feature_types where features <> 0`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.k, x.n]));
}
async function joined(): Promise<Record<string, number>> {
  const r = await pg.pool.query<{ k: string; n: number }>(
    `select p.product_code || ' ' || f.type as k, count(*)::int as n
       from rm_products p cross join lateral unnest(p.feature_ids) as fid(id)
       join rm_features f on f.feature_id = fid.id group by 1`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.k, x.n]));
}

describe('rm_code_feature_types', () => {
  it('counts each (product, feature) pair once, whichever table is written first, through re-writes, changes and deletions', async () => {
    // Products first, then their features; then features first, then their products.
    await write(products([product('p1', 'L21', ['f1', 'f2']), product('p2', 'L21', ['f3'])]));
    await write(
      features([
        ['f1', 'dimLevel'],
        ['f2', 'switch'],
        ['f3', 'dimLevel'],
      ]),
    );
    await write(features([['f4', 'temperature']]));
    await write(products([product('p3', 'S10', ['f4', 'missing'])]));
    expect(await kept()).toEqual({ 'L21 dimLevel': 2, 'L21 switch': 1, 'S10 temperature': 1 });

    // Written again unchanged (the follow and the sweep re-upsert): nothing moves.
    await write(products([product('p1', 'L21', ['f1', 'f2']), product('p3', 'S10', ['f4'])]));
    await write(
      features([
        ['f1', 'dimLevel'],
        ['f4', 'temperature'],
      ]),
    );
    expect(await kept()).toEqual(await joined());

    // A feature's type changes, a product changes code and loses a feature, one is deleted.
    await write(features([['f2', 'dimLevel']]));
    await write(products([product('p2', 'L22', [])]));
    await pg.pool.query("delete from rm_products where id = 'p3'");
    await pg.pool.query("delete from rm_features where feature_id = 'f1'");
    expect(await kept()).toEqual({ 'L21 dimLevel': 1 });
    expect(await kept()).toEqual(await joined());
    // Products per code (with category and virtual code): p1 is L21, p2 became L22, p3 is gone.
    const perCode = await pg.pool.query(
      'select product_code, products::int as n from rm_code_products where products <> 0 order by 1',
    );
    expect(perCode.rows).toEqual([
      { product_code: 'L21', n: 1 },
      { product_code: 'L22', n: 1 },
    ]);
  });

  it('misses no pair when a product and its features are written by two transactions at once', async () => {
    for (let round = 0; round < 10; round++) {
      await pg.pool.query(
        'delete from rm_products; delete from rm_features; delete from rm_code_feature_types',
      );
      const a = await pg.pool.connect();
      const b = await pg.pool.connect();
      try {
        await a.query('begin');
        await b.query('begin');
        // Both statements run before either commits; which table is written first alternates.
        const writeProducts = (c: typeof a) =>
          upsert(c, products([product(`p${round}`, 'L21', ['f1', 'f2'])]));
        const writeFeatures = (c: typeof a) =>
          upsert(
            c,
            features([
              ['f1', 'dimLevel'],
              ['f2', 'switch'],
            ]),
          );
        const [first, second] = [a, b];
        await (round % 2 ? writeFeatures : writeProducts)(first);
        const late = (round % 2 ? writeProducts : writeFeatures)(second);
        await new Promise((r) => setTimeout(r, 50));
        await first.query('commit');
        await late;
        await second.query('commit');
      } finally {
        a.release();
        b.release();
      }
      expect(await kept(), `round ${round}`).toEqual({ 'L21 dimLevel': 1, 'L21 switch': 1 });
    }
  });
});
