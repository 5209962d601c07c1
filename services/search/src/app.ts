import { searchOperations } from '@console/contracts';
import { migrateService, mongoPlugin, natsPlugin, postgresPlugin, registerOperations } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SearchConfig } from './config.ts';
import { connectedDbHandlers } from './endpoints/connected-db.ts';
import { dataMonitorHandlers } from './endpoints/data-monitor.ts';
import { deviceTypeHandlers } from './endpoints/device-types.ts';
import { deviceHandlers } from './endpoints/devices.ts';
import { editHandlers } from './endpoints/edits.ts';
import { searchErrors } from './endpoints/errors.ts';
import { gen1Handlers } from './endpoints/gen1.ts';
import { gen2Handlers } from './endpoints/gen2.ts';
import { noteHandlers } from './endpoints/notes.ts';
import { queryHandlers } from './endpoints/query.ts';
import { socketLogHandlers } from './endpoints/socket-log.ts';
import { statusHandlers } from './endpoints/status.ts';
import { tabHandlers } from './endpoints/tabs.ts';
import { wflPanelHandlers } from './endpoints/wfl-panels.ts';
import { worldMapHandlers } from './endpoints/world-map.ts';
import { SEARCH_MIGRATIONS } from './migrate.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { domainPlugin } from './plugins/domain.ts';
import { ensureGen1Indexes } from './plugins/gen1/indexes.ts';

export interface SearchAppOptions {
  config: SearchConfig;
  /** The clock (the 1-hour note rule, online links, edit times); tests move it. */
  now?: () => Date;
}

/** A Postgres URL whose connections stop any statement after `ms`. */
export function withStatementTimeout(url: string, ms: number): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c statement_timeout=${ms}`);
  return u.toString();
}

/**
 * The search service as a plugin: connections, its own tables and indexes, the domain, background
 * work, and the NATS endpoints last (no request is taken before the stores are ready).
 */
export const searchApp = fp(
  async (app: FastifyInstance, { config, now }: SearchAppOptions) => {
    await app.register(natsPlugin, { url: config.NATS_URL, prefix: config.NATS_PREFIX, name: 'search' });
    await app.register(postgresPlugin, {
      url: withStatementTimeout(config.DATABASE_URL, config.STATEMENT_TIMEOUT_MS),
      max: config.PG_POOL_MAX,
    });
    await app.register(mongoPlugin, { url: config.MONGO_URL });

    await migrateService(app, 'search', SEARCH_MIGRATIONS);
    const gen1 = await ensureGen1Indexes(app.pg);
    if (gen1.made.length) app.log.info({ made: gen1.made }, 'Gen1 search indexes created');
    if (gen1.missingTables.length)
      app.log.warn({ tables: gen1.missingTables }, 'Gen1 tables not there yet (load the world)');

    await app.register(domainPlugin, { config, now: now ?? (() => new Date()) });
    await app.register(backgroundPlugin, { config });

    await registerOperations(app, {
      service: 'search',
      operations: searchOperations,
      handlers: {
        ...gen1Handlers(app),
        ...gen2Handlers(app),
        ...queryHandlers(app),
        ...noteHandlers(app),
        ...editHandlers(app),
        ...dataMonitorHandlers(app),
        ...deviceTypeHandlers(app),
        ...deviceHandlers(app),
        ...socketLogHandlers(app),
        ...tabHandlers(app),
        ...worldMapHandlers(app),
        ...statusHandlers(app),
        ...wflPanelHandlers(app),
        ...connectedDbHandlers(app, config),
      },
      errors: searchErrors,
    });
  },
  { name: 'search-app', dependencies: ['health', 'metrics'] },
);
