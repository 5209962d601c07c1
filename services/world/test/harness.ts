import { COLLECTIONS } from '@console/contracts';
import { infraEnv, scratchMongo, scratchPostgres } from '@console/kit/testing';
import type { Db } from 'mongodb';
import type pg from 'pg';
import { expect } from 'vitest';
import { GEN2_KEYS } from '../src/index.ts';

/**
 * A world of its own for one test file: a fresh Postgres database and a Mongo database with a
 * unique name on the Mongo-compatible server (FerretDB here), both dropped by `drop()`. Nothing is
 * mocked.
 */
export interface TestWorld {
  pool: pg.Pool;
  db: Db;
  databaseUrl: string;
  mongoUrl: string;
  drop(): Promise<void>;
  /** The same as drop(), so the suite lifecycle (`useSuite`) can end it. */
  close(): Promise<void>;
}

export async function openWorld(): Promise<TestWorld> {
  const infra = infraEnv();
  const postgres = await scratchPostgres(infra.DATABASE_URL, 'world', 4);
  const mongo = await scratchMongo(infra.MONGO_URL, { base: 'world' });
  const drop = async () => {
    await mongo.drop();
    await postgres.drop();
  };
  return {
    pool: postgres.pool,
    db: mongo.db,
    databaseUrl: postgres.url,
    mongoUrl: mongo.url,
    drop,
    close: drop,
  };
}

/** The number a `select count(*) as n …` query answers. */
export async function countRows(pool: pg.Pool, sql: string): Promise<number> {
  return Number((await pool.query<{ n: string }>(sql)).rows[0]?.n);
}

/**
 * Checks that the world holds exactly the rows and documents a summary counts: `pg.<table>` keys by
 * Postgres table, Gen2 keys by collection on the Mongo-compatible server.
 */
export async function expectStoredCounts(w: TestWorld, counts: Record<string, number>): Promise<void> {
  for (const [key, n] of Object.entries(counts)) {
    const [store, name] = key.split('.') as [string, string];
    if (store === 'pg') expect(await countRows(w.pool, `select count(*) as n from ${name}`), key).toBe(n);
    else if (GEN2_KEYS.includes(name as never)) {
      const collection = COLLECTIONS[name as keyof typeof COLLECTIONS];
      expect(await w.db.collection(collection).countDocuments(), key).toBe(n);
    }
  }
}
