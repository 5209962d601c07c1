import { CommonConfigSchema, readConfig } from '@console/kit';
import { type Static, Type } from '@sinclair/typebox';

export const StatsConfigSchema = Type.Composite([
  CommonConfigSchema,
  Type.Object({
    ROLLUP_BATCH: Type.Integer({
      default: 5000,
      minimum: 1,
      description: 'Stream messages counted per database transaction at most',
    }),
    ROLLUP_FLUSH_MS: Type.Integer({
      default: 250,
      minimum: 10,
      description: 'How long a partial batch waits for more messages before it is written',
    }),
    ROLLUP_LEADER_RETRY_MS: Type.Integer({
      default: 5000,
      minimum: 100,
      description: 'How often an instance that is not counting the stream tries to take over',
    }),
    BACKFILL: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
      default: 'auto',
      description: 'auto: count stored data once, at the first start (and for any metric not yet counted)',
    }),
  }),
]);
export type StatsConfig = Static<typeof StatsConfigSchema>;

export const statsConfig = (env: NodeJS.ProcessEnv = process.env): StatsConfig =>
  readConfig(StatsConfigSchema, env);
