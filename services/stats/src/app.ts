import { statsOperations } from '@console/contracts';
import { migrateService, mongoPlugin, natsPlugin, postgresPlugin, registerOperations } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StatsConfig } from './config.ts';
import { analyticsHandlers } from './endpoints/analytics.ts';
import { statsErrors } from './endpoints/errors.ts';
import { featureDataHandlers } from './endpoints/feature-data.ts';
import { featureHistoryHandlers } from './endpoints/feature-history.ts';
import { graphHandlers } from './endpoints/graphs.ts';
import { panelHandlers } from './endpoints/panel.ts';
import { reportHandlers } from './endpoints/reports.ts';
import { tabHandlers } from './endpoints/tabs.ts';
import { BACKFILL_METRICS, runBackfill } from './plugins/backfill.ts';
import { rollupStorePlugin } from './plugins/rollup.store.ts';
import { rollupConsumerPlugin } from './plugins/rollup-consumer.ts';
import { storeFollowerPlugin } from './plugins/store-follower.ts';
import { graphStoresPlugin } from './plugins/stores.ts';
import { readModelsPlugin } from './read-models/plugin.ts';
import { reportWorkerPlugin } from './reports/worker.ts';

export interface StatsAppOptions {
  config: StatsConfig;
}

/**
 * The stats service as a plugin: connections and schema, the rollup store and the stream
 * consumer (which backfills stored data when it first leads), then the NATS endpoints last.
 */
export const statsApp = fp(
  async (app: FastifyInstance, { config }: StatsAppOptions) => {
    await app.register(natsPlugin, { url: config.NATS_URL, prefix: config.NATS_PREFIX, name: 'stats' });
    // Room to group a week of Gen1 commands in memory: the planner cannot see that the time buckets
    // follow the request date, and sorts on disk without it (measured at 100,000 customers: 167 → 72 ms).
    await app.register(postgresPlugin, { url: config.DATABASE_URL, settings: { work_mem: '32MB' } });
    await app.register(mongoPlugin, { url: config.MONGO_URL });
    await migrateService(app, 'stats', new URL('../migrations/', import.meta.url));

    await app.register(rollupStorePlugin);
    await app.register(readModelsPlugin, {
      databaseUrl: config.DATABASE_URL,
      deadlineMs: config.QUERY_DEADLINE_MS,
      followMs: config.READ_MODEL_FOLLOW_MS,
      safetyMs: config.READ_MODEL_SAFETY_MS,
      storeBatch: config.STORE_FOLLOW_BATCH,
      mode: config.READ_MODELS,
    });
    await app.register(graphStoresPlugin);
    const deps = () => ({ pool: app.pg, db: app.mongo, store: app.rollups, log: app.log });
    await app.register(rollupConsumerPlugin, {
      batch: config.ROLLUP_BATCH,
      flushMs: config.ROLLUP_FLUSH_MS,
      leaderRetryMs: config.ROLLUP_LEADER_RETRY_MS,
      onLead: async (cursor) => {
        if (config.BACKFILL === 'off') return;
        const done = await app.rollups.backfilled();
        const missing = new Set(BACKFILL_METRICS(deps()).filter((m) => !done.has(m)));
        // In the background: counting the stream starts at once; the backfill only reads data older
        // than the cursor's start, and a leader that dies mid-way leaves its metrics to the next.
        if (missing.size) {
          void runBackfill(deps(), cursor.startedAt, missing).catch((err) =>
            app.log.error({ err }, 'backfill failed; it runs again at the next start'),
          );
        }
      },
    });
    // Records the writers of the stores announce, after their collections' backfill.
    await app.register(storeFollowerPlugin, {
      batch: config.STORE_FOLLOW_BATCH,
      leaderRetryMs: config.ROLLUP_LEADER_RETRY_MS,
      awaitBackfill: config.BACKFILL === 'auto',
    });
    // The consumer's cursor and lag, which backfilled metrics are done or still to come, the read
    // models, and the store follower's cursor and lag.
    app.get('/rollups', async () => {
      const done = await app.rollups.backfilled();
      const all = BACKFILL_METRICS(deps());
      return {
        ...(await app.rollupConsumer.status()),
        backfill: { done: all.filter((m) => done.has(m)), pending: all.filter((m) => !done.has(m)) },
        readModels: await app.readModels.status(),
        readModelStore: await app.readModels.storeCursor(),
        store: await app.storeFollower.status(),
      };
    });

    await app.register(reportWorkerPlugin, {
      smtpUrl: config.SMTP_URL,
      mailFrom: config.MAIL_FROM,
      concurrency: config.REPORT_CONCURRENCY,
      ackWaitMs: config.REPORT_ACK_WAIT_MS,
      staleMs: config.REPORT_STALE_MS,
      pageRows: config.REPORT_PAGE_ROWS,
      gzipBytes: config.REPORT_GZIP_BYTES,
      pagePauseMs: config.REPORT_PAGE_PAUSE_MS,
      replicas: config.NATS_STREAM_REPLICAS,
      assertionKey: config.CALLER_ASSERTION_KEY,
      liveReadTimeoutMs: config.REPORT_LIVE_READ_TIMEOUT_MS,
    });

    await registerOperations(app, {
      service: 'stats',
      operations: statsOperations,
      handlers: {
        ...tabHandlers(app),
        ...panelHandlers(app),
        ...graphHandlers(app),
        ...analyticsHandlers(app),
        ...featureHistoryHandlers(app),
        ...reportHandlers(app),
        ...featureDataHandlers(app),
      },
      errors: statsErrors,
    });
  },
  { name: 'stats-app', dependencies: ['health', 'metrics'] },
);
