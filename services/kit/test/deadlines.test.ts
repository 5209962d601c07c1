import { MongoServerError } from 'mongodb';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlinePool, withinDeadline } from '../src/deadlines.ts';
import { infraEnv, type ScratchMongo, scratchMongo, testPool, waitFor } from '../src/testing.ts';

// A request's store work stops at its deadline, in the store itself: neither Postgres nor FerretDB
// stops a query because its client went away (issue 28: scans ran on for minutes after a 504), so
// the test asks the servers what is still running after the deadline passed.
const infra = infraEnv();
let admin: pg.Pool;
let m: ScratchMongo;

beforeAll(async () => {
  admin = testPool(infra.DATABASE_URL, 2);
  m = await scratchMongo(infra.MONGO_URL, { base: 'deadline' });
  // Enough documents that a range read (decoded in full by FerretDB) outlasts a short deadline.
  const pad = 'x'.repeat(2000);
  for (let i = 0; i < 4; i++)
    await m.db
      .collection('slow')
      .insertMany(Array.from({ length: 1000 }, (_, j) => ({ n: i * 1000 + j, pad })));
});
afterAll(async () => {
  await m?.drop();
  await admin?.end();
});

/** Statements running on the Postgres server whose text contains `marker`, this check's own left out. */
async function running(marker: string, database?: string): Promise<string[]> {
  const r = await admin.query<{ query: string }>(
    `select query from pg_stat_activity
      where state = 'active' and pid <> pg_backend_pid() and position($1 in query) > 0
        and ($2::text is null or datname = $2)`,
    [marker, database ?? null],
  );
  return r.rows.map((x) => x.query);
}

describe('request deadlines', () => {
  it('Postgres: a statement past the pool deadline is cancelled by the server and runs no more', async () => {
    const pool = await deadlinePool(infra.DATABASE_URL, { ms: 300, onError: () => undefined });
    try {
      const marker = `deadline-${Date.now()}`;
      const err = await pool.query(`select pg_sleep(30) /* ${marker} */`).catch((e: Error) => e);
      expect((err as { code?: string }).code).toBe('57014'); // query_canceled: statement timeout
      expect(await running(marker)).toEqual([]);
      // The pool's connections still serve the next request.
      expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('Mongo: a read past maxTimeMS is stopped by the server, and its scan no longer runs', async () => {
    const slow = m.db.collection('slow');
    const ferret = Boolean((await m.db.admin().command({ buildInfo: 1 })).ferretdbVersion);
    // FerretDB reads a collection's table in its Postgres database, in a schema named after the db;
    // MongoDB lists its operations in $currentOp.
    const scans = async () =>
      ferret
        ? (await running(`"${m.db.databaseName}"`, 'ferretdb')).length
        : (
            await m.db
              .admin()
              .aggregate([{ $currentOp: {} }, { $match: { ns: `${m.db.databaseName}.slow` } }])
              .toArray()
          ).length;
    // A range that matches nothing decodes every document before it answers (as a date range over
    // the structures did); without a deadline it is seen running, and takes this long.
    const started = Date.now();
    const full = slow.find({ n: { $lt: 0 } }).toArray();
    await waitFor(async () => (await scans()) > 0, 'the unbounded scan to be seen running', {
      timeoutMs: 5000,
    });
    await full;
    const fullMs = Date.now() - started;

    const err = await slow
      .find({ n: { $lt: 0 } }, withinDeadline(50))
      .toArray()
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).codeName).toBe('MaxTimeMSExpired');
    // Gone well before the scan would have ended by itself.
    await waitFor(async () => (await scans()) === 0, 'the stopped scan to be gone', {
      timeoutMs: Math.max(100, fullMs / 2),
    });
  });
});
