import {
  gen1CommandOperations,
  hubControlOperations,
  rawChannelOperations,
  recentFailedOperations,
  recordingOperations,
  surveyLinksOperations,
  timelineOperations,
  waterfallOperations,
} from '@console/contracts';
import {
  migrateService,
  migrationsDir,
  mongoPlugin,
  natsOptions,
  natsPlugin,
  postgresPlugin,
  redisPlugin,
  registerOperations,
  requireStreams,
} from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountActionHandlers } from './actions/account-actions.handlers.ts';
import { accountsPlugin } from './actions/accounts.store.ts';
import { hubActionsPlugin } from './actions/actions.ts';
import { backupActionHandlers } from './actions/backup-actions.handlers.ts';
import { backupsPlugin } from './actions/backups.store.ts';
import { deviceActionHandlers } from './actions/device-actions.handlers.ts';
import { featureLiveReadHandlers } from './actions/feature-live-read.handlers.ts';
import { linkActionHandlers } from './actions/link-actions.handlers.ts';
import { waterfallHandlers } from './actions/waterfall.handlers.ts';
import { waterfallPlugin } from './actions/waterfall.ts';
import type { HubControlConfig } from './config.ts';
import { hubControlErrors } from './errors.ts';
import { gen1StorePlugin } from './gen1/gen1.store.ts';
import { gen1CommandHandlers } from './gen1/gen1-commands.handlers.ts';
import { gen1CommandsPlugin } from './gen1/gen1-commands.ts';
import { wflPingsPlugin } from './gen1/wfl-pings.ts';
import { channelListHandlers } from './hubs/channel-list.handlers.ts';
import { channelsPlugin } from './hubs/channels.ts';
import { hubCardHandlers } from './hubs/hub-card.handlers.ts';
import { hubInfoPlugin } from './hubs/hub-info.store.ts';
import { hubMetricsPlugin } from './hubs/hub-metrics.ts';
import { linksPlugin } from './hubs/links.client.ts';
import { presencePlugin } from './hubs/presence.ts';
import { userPresenceHandlers } from './hubs/user-presence.handlers.ts';
import { userPresencePlugin } from './hubs/user-presence.ts';
import { deploymentsPlugin } from './raw-channel/deployments.ts';
import { rawChannelHandlers } from './raw-channel/raw-channel.handlers.ts';
import { rawChannelPlugin } from './raw-channel/raw-channel.ts';
import { rawServerOpsPlugin } from './raw-channel/raw-server-ops.ts';
import { auditTrailPlugin } from './records/audit-trail.ts';
import { auditWriterPlugin } from './records/audit-writer.ts';
import { recentFailedHandlers } from './records/recent-failed.handlers.ts';
import { recordsPlugin } from './records/records.store.ts';
import { surveyPlugin } from './survey/survey.ts';
import { surveyLinksHandlers } from './survey/survey-links.handlers.ts';
import { recordingHandlers } from './timeline/recordings.handlers.ts';
import { timelineHandlers } from './timeline/timeline.handlers.ts';
import { timelinePlugin } from './timeline/timeline.ts';

export interface HubControlAppOptions {
  config: HubControlConfig;
  instance: string;
}

/**
 * hub-control as a plugin: connections and the JetStream streams, then presence and pings
 * (listening before any request is taken), the hub and WiFi links, records and the lifecycles,
 * and the NATS endpoints last.
 */
export const hubControlApp = fp(
  async (app: FastifyInstance, { config, instance }: HubControlAppOptions) => {
    await app.register(natsPlugin, natsOptions(config, `hub-control ${instance}`));
    // Created by the start-up step (services/kit/src/prepare-streams.ts): hub-control only checks them.
    await requireStreams(app.nats, config.NATS_PREFIX, { replicas: config.NATS_STREAM_REPLICAS });
    await app.register(redisPlugin, { url: config.REDIS_URL });
    await app.register(mongoPlugin, { url: config.MONGO_URL });
    await app.register(postgresPlugin, { url: config.DATABASE_URL, max: config.PG_POOL_MAX });
    await app.register(hubMetricsPlugin);
    await app.register(presencePlugin, { prefix: config.REDIS_PREFIX, ttlSeconds: config.PRESENCE_TTL_S });
    await app.register(userPresencePlugin, {
      prefix: config.REDIS_PREFIX,
      ttlSeconds: config.PRESENCE_TTL_S,
    });
    await app.register(channelsPlugin, { warmupSeconds: config.PRESENCE_REFRESH_S });
    await app.register(hubInfoPlugin, { prefix: config.REDIS_PREFIX, ttlSeconds: config.HUB_INFO_TTL_S });
    await app.register(linksPlugin, {
      hubTimeoutMs: config.HUB_TIMEOUT_MS,
      wflTimeoutMs: config.WFL_TIMEOUT_MS,
    });
    await migrateService(app, 'hub-control', migrationsDir(import.meta.url));
    await app.register(gen1StorePlugin);
    await app.register(wflPingsPlugin, { keepHours: config.PING_KEEP_H });
    await app.register(recordsPlugin, {
      instance,
      prefix: config.REDIS_PREFIX,
      // Well past any hub timeout: only a stopped instance leaves a record this old.
      recoverAfterMs: Math.max(60_000, config.HUB_TIMEOUT_MS * 4),
    });
    await app.register(auditTrailPlugin);
    await app.register(auditWriterPlugin, { prefix: config.NATS_PREFIX, lingerMs: config.AUDIT_LINGER_MS });
    await app.register(backupsPlugin);
    await app.register(accountsPlugin);
    await app.register(waterfallPlugin, { prefix: config.REDIS_PREFIX, lingerMs: config.STAGE_LINGER_MS });
    await app.register(hubActionsPlugin, {
      budgetMs: config.ACTION_BUDGET_MS,
      hubTimeoutMs: config.HUB_TIMEOUT_MS,
    });
    await app.register(gen1CommandsPlugin);
    await app.register(surveyPlugin, {
      concurrency: config.SURVEY_CONCURRENCY,
      hubTimeoutMs: config.SURVEY_HUB_TIMEOUT_MS,
      budgetMs: config.SURVEY_BUDGET_MS,
    });

    await app.register(timelinePlugin, { prefix: config.NATS_PREFIX });

    await app.register(rawServerOpsPlugin, { prefix: config.REDIS_PREFIX, instance });
    await app.register(deploymentsPlugin, { config });
    await app.register(rawChannelPlugin);

    await registerOperations(app, {
      service: 'hub-control',
      operations: [
        ...hubControlOperations,
        ...gen1CommandOperations,
        ...surveyLinksOperations,
        ...rawChannelOperations,
        ...recentFailedOperations,
        ...recordingOperations,
        ...waterfallOperations,
        ...timelineOperations,
      ],
      handlers: {
        ...linkActionHandlers(app),
        ...deviceActionHandlers(app),
        ...featureLiveReadHandlers(app),
        ...backupActionHandlers(app),
        ...accountActionHandlers(app),
        ...hubCardHandlers(app),
        ...userPresenceHandlers(app),
        ...channelListHandlers(app),
        ...gen1CommandHandlers(app),
        ...surveyLinksHandlers(app),
        ...rawChannelHandlers(app),
        ...recentFailedHandlers(app),
        ...recordingHandlers(app),
        ...waterfallHandlers(app),
        ...timelineHandlers(app),
      },
      errors: hubControlErrors,
    });
  },
  { name: 'hub-control-app', dependencies: ['health', 'metrics'] },
);
