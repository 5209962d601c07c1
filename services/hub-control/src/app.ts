import { hubControlOperations, VERSION_LABEL } from '@console/contracts';
import { mongoPlugin, natsPlugin, redisPlugin, registerOperations } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HubControlConfig } from './config.ts';
import { accountActionHandlers } from './endpoints/account-actions.ts';
import { backupActionHandlers } from './endpoints/backup-actions.ts';
import { deviceActionHandlers } from './endpoints/device-actions.ts';
import { withErrorMapping } from './endpoints/errors.ts';
import { hubCardHandlers } from './endpoints/hub-card.ts';
import { linkActionHandlers } from './endpoints/link-actions.ts';
import { accountsPlugin } from './plugins/accounts.ts';
import { hubActionsPlugin } from './plugins/actions.ts';
import { backupsPlugin } from './plugins/backups.ts';
import { hubInfoPlugin } from './plugins/hub-info.ts';
import { hubLinkPlugin } from './plugins/hub-link.ts';
import { hubMetricsPlugin } from './plugins/hub-metrics.ts';
import { presencePlugin } from './plugins/presence.ts';
import { recordsPlugin } from './plugins/records.ts';

export interface HubControlAppOptions {
  config: HubControlConfig;
  instance: string;
}

/**
 * hub-control as a plugin: connections, then presence (listening before any request is taken),
 * the hub link, records and the lifecycle, and the NATS endpoints last.
 */
export const hubControlApp = fp(
  async (app: FastifyInstance, { config, instance }: HubControlAppOptions) => {
    await app.register(natsPlugin, {
      url: config.NATS_URL,
      prefix: config.NATS_PREFIX,
      name: `hub-control ${instance}`,
    });
    await app.register(redisPlugin, { url: config.REDIS_URL });
    await app.register(mongoPlugin, { url: config.MONGO_URL });
    await app.register(hubMetricsPlugin);
    await app.register(presencePlugin, { prefix: config.REDIS_PREFIX, ttlSeconds: config.PRESENCE_TTL_S });
    await app.register(hubInfoPlugin, { prefix: config.REDIS_PREFIX, ttlSeconds: config.HUB_INFO_TTL_S });
    await app.register(hubLinkPlugin, { timeoutMs: config.HUB_TIMEOUT_MS });
    await app.register(recordsPlugin, {
      instance,
      prefix: config.REDIS_PREFIX,
      // Well past any hub timeout: only a stopped instance leaves a record this old.
      recoverAfterMs: Math.max(60_000, config.HUB_TIMEOUT_MS * 4),
    });
    await app.register(backupsPlugin);
    await app.register(accountsPlugin);
    await app.register(hubActionsPlugin);

    const handlers = withErrorMapping(app, {
      ...linkActionHandlers(app),
      ...deviceActionHandlers(app),
      ...backupActionHandlers(app),
      ...accountActionHandlers(app),
      ...hubCardHandlers(app),
    });
    await registerOperations(app, 'hub-control', VERSION_LABEL, hubControlOperations, handlers);
  },
  { name: 'hub-control-app', dependencies: ['health', 'metrics'] },
);
