import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, DateTimeString, Nullable } from '../../world/common.ts';
import { support } from '../search/op-helpers.ts';
import { Moment } from '../search/tabs.ts';
import { serviceOp } from '../types.ts';

/** The device dialog's historical feature data (seed 001 §2, §7, §9: limit 150, 'Load More'). */
export const FEATURE_HISTORY = { defaultLimit: 150, maxLimit: 1000 } as const;

export const FeatureHistoryBodySchema = ClosedObject({
  featureId: Type.String({ minLength: 1, maxLength: 200 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FEATURE_HISTORY.maxLimit })),
  start_time: Type.Optional(Moment('From this moment')),
  end_time: Type.Optional(Moment('Up to this moment')),
  before: Type.Optional(Moment('Load More: points older than this (the last one shown)')),
  beforeSeq: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'Load More: with `before`, the last point’s seq (points of one moment)',
    }),
  ),
});
export type FeatureHistoryBody = Static<typeof FeatureHistoryBodySchema>;

/** One value a feature took (the seed's value, timestamp, metadata). */
export const FeaturePointSchema = Type.Object({
  value: Type.Unknown(),
  timestamp: DateTimeString(),
  hubId: Type.Integer(),
  seq: Type.Integer({ description: 'The stream sequence it came in: Load More’s tiebreak' }),
  info: Nullable(Type.String({ description: 'The automation behind the change, when known' })),
  metadata: Type.Object({
    source: Type.String({
      description: 'device, admin, automation… for an event; read or write for an answer',
    }),
  }),
});

export const FeatureHistorySchema = Type.Object({
  featureId: Type.String(),
  points: Type.Array(FeaturePointSchema, { description: 'Newest first' }),
  limit: Type.Integer(),
  more: Type.Boolean({ description: 'The limit was reached: older points may follow (Load More)' }),
});
export type FeatureHistory = Static<typeof FeatureHistorySchema>;

const supportPlusOp = serviceOp('stats', ['support plus']);

export const featureHistoryOperations = [
  supportPlusOp('stats.featureHistory', 'POST', '/api/supportPlus/datamonitor/feature', {
    access: support,
    summary: 'A feature’s values as the hub message stream carried them (events, read and write answers)',
    body: FeatureHistoryBodySchema,
    response: FeatureHistorySchema,
  }),
] as const;
