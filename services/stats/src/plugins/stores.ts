import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnalyticsStore } from './analytics.store.ts';
import { Gen1GraphsStore } from './gen1-graphs.store.ts';
import { Gen2RecordsStore } from './gen2-records.store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    gen1Graphs: Gen1GraphsStore;
    gen2Records: Gen2RecordsStore;
    analytics: AnalyticsStore;
  }
}

/** Reads of the raw data where a screen asks for ranges no rollup keeps (minutes, latency buckets). */
export const graphStoresPlugin = fp(
  async (app: FastifyInstance) => {
    // The request reads go through the read models' pool: the server stops them at the deadline.
    app.decorate('gen1Graphs', new Gen1GraphsStore(app.readModels.pool));
    app.decorate('gen2Records', new Gen2RecordsStore(app.mongo));
    app.decorate('analytics', new AnalyticsStore(app.readModels));
  },
  { name: 'graph-stores', dependencies: ['postgres', 'mongo', 'read-models'] },
);
