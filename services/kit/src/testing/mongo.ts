import { type Db, MongoClient } from 'mongodb';
import { uniqueName } from './infra.ts';

export interface ScratchMongo {
  /** The URL of this test's own database (services are given this as MONGO_URL). */
  url: string;
  client: MongoClient;
  db: Db;
  /** Drops the database and closes the client. */
  drop(): Promise<void>;
}

/** The URL of a database called `name` on the server of `serverUrl`. */
export function mongoUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A Mongo database of the test's own on the Mongo-compatible server: `name` when given (a
 * stack's prefix, so the services and the test meet in it), else a unique one from `base`.
 */
export async function scratchMongo(
  serverUrl: string,
  opts: { name?: string; base?: string } = {},
): Promise<ScratchMongo> {
  const url = mongoUrlFor(serverUrl, opts.name ?? uniqueName(opts.base ?? 'mongo'));
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  const db = client.db();
  return {
    url,
    client,
    db,
    drop: async () => {
      await db.dropDatabase().catch(() => undefined);
      await client.close().catch(() => undefined);
    },
  };
}
