import { CommonConfigSchema, configReader, intSetting } from '@console/kit';
import { type Static, Type } from '@sinclair/typebox';

export const SupervisorConfigSchema = Type.Composite([
  CommonConfigSchema,
  Type.Object({
    HEARTBEAT_OK_S: intSetting(120, 1, "A heart beat older than this is 'Too old' (core spec §9: 2 minutes)"),
    HISTORY_HOURS: intSetting(24, 1, 'Heartbeats older than this are pruned from the history'),
    HOST_TIMEOUT_MS: intSetting(
      5000,
      100,
      "How long a host's supervisord has to answer process info or a restart",
    ),
    DISCOVERY_TIMEOUT_MS: intSetting(
      800,
      100,
      'How long the services view waits for $SRV.INFO / $SRV.STATS answers',
    ),
    PG_POOL_MAX: Type.Integer({ default: 5, minimum: 1 }),
  }),
]);
export type SupervisorConfig = Static<typeof SupervisorConfigSchema>;

export const supervisorConfig = configReader(SupervisorConfigSchema);
