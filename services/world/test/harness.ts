import { freshDatabase, infraEnv, testPool, uniqueName } from '@console/kit/testing';
import { type Db, MongoClient } from 'mongodb';
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
}

export async function openWorld(): Promise<TestWorld> {
  const infra = infraEnv();
  const pgDb = await freshDatabase(infra.DATABASE_URL, 'world');
  const url = new URL(infra.MONGO_URL);
  url.pathname = `/${uniqueName('world')}`;
  const mongoUrl = url.toString();
  const client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  const pool = testPool(pgDb.url, 4);
  return {
    pool,
    db: client.db(),
    databaseUrl: pgDb.url,
    mongoUrl,
    drop: async () => {
      await client
        .db()
        .dropDatabase()
        .catch(() => undefined);
      await client.close();
      await pool.end();
      await pgDb.drop();
    },
  };
}
