import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from 'mongodb';

declare module 'fastify' {
  interface FastifyInstance {
    mongo: Db;
  }
}

/** MongoDB in production, FerretDB where none runs: only queries both serve (docs/architecture.md). */
export const mongoPlugin = fp(
  async (app: FastifyInstance, opts: { url: string }) => {
    // Loaded here, not at import: the driver allocates a 17 MiB BSON buffer as it loads, and
    // services without MongoDB (the gateway) should not carry it.
    const { MongoClient } = await import('mongodb');
    const client = new MongoClient(opts.url, { serverSelectionTimeoutMS: 5000 });
    await client.connect();
    const db = client.db();
    app.decorate('mongo', db);
    app.readiness.add('mongo', async () => {
      await db.command({ ping: 1 });
    });
    app.addHook('onClose', async () => client.close());
  },
  { name: 'mongo', dependencies: ['health'] },
);
