import { infraEnv, scratchMongo, scratchPostgres } from '@console/kit/testing';
import type { Db } from 'mongodb';
import type pg from 'pg';

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
