import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { explainFloor, explainSql } from '../src/plans/explain.ts';
import { searchKinds } from '../src/plans/kinds.ts';
import { pickSamples } from '../src/plans/samples.ts';
import { ident } from '../src/plugins/ferret.ts';
import { startSearch } from './harness.ts';

/**
 * Prints the query plan of every kind of search and checks that an index serves it. A world of a
 * few hundred customers is small enough for Postgres to prefer scanning, so the plans are asked
 * for with sequential scans priced out: what is checked is that an index *can* serve each query
 * (tests/bench/search.ts prints the plans chosen at a million customers).
 */
const h = useSuite(() => startSearch());

describe('query plans', () => {
  it('serves every kind of search from an index', async () => {
    const [samples] = await pickSamples(h.pool, h.db, 1);
    if (!samples) throw new Error('no samples');
    const client = await h.app.pg.connect();
    try {
      // Scans and plain index walks priced out, so the plan shows which index can find the rows.
      await client.query('set enable_seqscan = off');
      await client.query('set enable_indexscan = off');
      for (const kind of searchKinds(samples)) {
        const plan = await explainFloor(client, h.db, kind.floor);
        console.log(`\n${kind.name}\n  ${plan.join('\n  ')}`);
        if ('sql' in kind.floor) expect(plan.join('\n'), kind.name).toMatch(kind.index);
        else if (plan[0]?.startsWith('FerretDB')) expect(plan[0], kind.name).toMatch(/pushed down: true/);
        else expect(plan.join('\n'), kind.name).toMatch(/IXSCAN/);
      }
    } finally {
      await client.query('reset all');
      client.release();
    }
  });

  it('on FerretDB, serves its pushed-down equality from the accelerator GIN index', async () => {
    const backend = h.app.searchDomain.backend;
    if (!backend) return; // MongoDB: its own indexes serve these finds (checked above)
    const client = await backend.pool.connect();
    try {
      await client.query('set enable_seqscan = off');
      for (const [collection, field, value] of [
        ['users', 'email', '"x@example.com"'],
        ['structures', 'rootGroupId', '"a-b"'],
        ['hubs', 'hubId', '3157366703'],
        ['products', 'serial', '"AB12CD34"'],
        ['users', 'rootGroupIds', '"a-b"'],
      ] as const) {
        const table = await backend.tableOf(collection);
        const plan = await explainSql(
          client,
          `select _jsonb from ${ident(backend.schema)}.${ident(table ?? '')} where _jsonb -> $1 @> $2::jsonb`,
          [field, value],
        );
        console.log(`\nFerretDB ${collection}.${field}\n  ${plan.join('\n  ')}`);
        expect(plan.join('\n'), `${collection}.${field}`).toMatch(/Bitmap Index Scan on search_fa_/);
      }
    } finally {
      client.release();
    }
  });
});
