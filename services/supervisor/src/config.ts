import { CommonConfigSchema, readConfig } from '@console/kit';
import { type Static, Type } from '@sinclair/typebox';

export const SupervisorConfigSchema = Type.Composite([
  CommonConfigSchema,
  Type.Object({
    HEARTBEAT_OK_S: Type.Integer({
      default: 120,
      minimum: 1,
      description: "A heart beat older than this is 'Too old' (core spec §9: 2 minutes)",
    }),
    HISTORY_HOURS: Type.Integer({
      default: 24,
      minimum: 1,
      description: 'Heartbeats older than this are pruned from the history',
    }),
    HOST_TIMEOUT_MS: Type.Integer({
      default: 5000,
      minimum: 100,
      description: "How long a host's supervisord has to answer process info or a restart",
    }),
    DISCOVERY_TIMEOUT_MS: Type.Integer({
      default: 800,
      minimum: 100,
      description: 'How long the services view waits for $SRV.INFO / $SRV.STATS answers',
    }),
    PG_POOL_MAX: Type.Integer({ default: 5, minimum: 1 }),
  }),
]);
export type SupervisorConfig = Static<typeof SupervisorConfigSchema>;

export function supervisorConfig(env: NodeJS.ProcessEnv = process.env): SupervisorConfig {
  return readConfig(SupervisorConfigSchema, env);
}
