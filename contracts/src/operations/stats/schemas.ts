import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, fields, literalUnion, Nullable } from '../../world/common.ts';
import { STATS_ANY_PROJECTIONS, STATS_KINDS, STATS_LIMITS, STATS_PERIODS } from './constants.ts';
import { ACK_UNITS, DEMAND_INTERVALS, LINKPLUS_STATISTICS_MAX } from './graphs.ts';
import { STATS_MAX_BUCKETS, STATS_MAX_SERIES } from './rules.ts';

export const IsoDate = (description: string) => Type.String({ format: 'date-time', description });
/** A date or date-time a person typed (ISO 8601); a pattern, since services check no formats. */
export const DateInput = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
    maxLength: 40,
    description,
  });

export const StatsPeriodSchema = Type.Union(
  [Type.Literal(STATS_PERIODS.hourly), Type.Literal(STATS_PERIODS.daily)],
  { description: 'Bucket width in milliseconds: 3600000 (hourly) or 86400000 (daily)' },
);

const Limit = (dflt: number) =>
  Type.Integer({
    minimum: 1,
    maximum: STATS_LIMITS.maxLimit,
    default: dflt,
    description: 'How many periods, ending with the latest one holding data',
  });

export const StatsQuerySchema = ClosedObject({
  limit: Type.Optional(Limit(STATS_LIMITS.defaultLimit)),
  period: Type.Optional(StatsPeriodSchema),
  pieSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: STATS_LIMITS.maxLimit, description: '1 ≤ pie size ≤ limit' }),
  ),
  measure: Type.Optional(
    literalUnion(['total', 'unique'], {
      description: 'Automations: runs (total) or structures that ran one (unique)',
    }),
  ),
});
export type StatsQuery = Static<typeof StatsQuerySchema>;

export const StatsKindParamsSchema = ClosedObject({ kind: literalUnion(STATS_KINDS) });

export const StatsAnyQuerySchema = ClosedObject({
  ...StatsQuerySchema.properties,
  projection: literalUnion(STATS_ANY_PROJECTIONS, { description: 'What to count' }),
});
export type StatsAnyQuery = Static<typeof StatsAnyQuerySchema>;

export const StatsSeriesSchema = Type.Object({
  name: Type.String({ maxLength: 200 }),
  values: Type.Array(Type.Integer(), { maxItems: STATS_MAX_BUCKETS, description: 'One value per bucket' }),
  total: Type.Number({ description: 'Sum over the answer (for averages: the overall average)' }),
  pieTotal: Type.Number({ description: 'Sum over the last pieSize buckets (the pies)' }),
  tags: Type.Record(Type.String(), Type.String({ maxLength: 200 }), {
    maxProperties: 3,
    description: 'What the tab controls filter on (agent type, source, level, platform…)',
  }),
});
export type StatsSeries = Static<typeof StatsSeriesSchema>;

export const StatsAnswerSchema = Type.Object({
  kind: Type.String(),
  ...fields(Type.Integer, 'period', 'limit', 'pieSize'),
  from: Nullable(IsoDate('Start of the first bucket')),
  to: Nullable(IsoDate('End of the last bucket')),
  buckets: Type.Array(IsoDate('Start of each bucket'), { maxItems: STATS_MAX_BUCKETS }),
  unit: literalUnion(['count', 'ms']),
  series: Type.Array(StatsSeriesSchema, {
    maxItems: STATS_MAX_SERIES,
    description: 'The largest series; past STATS_MAX_SERIES the rest are summed as one `Others`',
  }),
});
export type StatsAnswer = Static<typeof StatsAnswerSchema>;

export const ProductsByDateQuerySchema = ClosedObject({
  limit: Type.Optional(Limit(182)),
  period: Type.Optional(Type.Literal(STATS_PERIODS.daily, { description: 'One day' })),
});

export const ProductsByDateSchema = Type.Object({
  from: Nullable(IsoDate('First day')),
  to: Nullable(IsoDate('End of the last day')),
  days: Type.Array(IsoDate('Each day')),
  products: Type.Array(
    Type.Object({
      productCode: Type.String(),
      totals: Type.Array(Type.Integer(), { description: 'Devices of this code at the end of each day' }),
      added: Type.Array(Type.Integer(), { description: 'Devices added that day' }),
    }),
  ),
});
export type ProductsByDate = Static<typeof ProductsByDateSchema>;

const DateRange = ClosedObject({
  $gte: Type.Optional(DateInput('From')),
  $lte: Type.Optional(DateInput('To')),
});

export const ProtocolErrorsBodySchema = ClosedObject({
  filter: Type.Optional(ClosedObject({ createdDate: Type.Optional(DateRange) })),
});

export const AgentGraphBodySchema = ClosedObject({
  filter: Type.Optional(
    ClosedObject({
      type: Type.Optional(Type.Array(literalUnion(['alexa', 'google', 'smartthings']), { maxItems: 3 })),
    }),
  ),
  filter2: Type.Optional(ClosedObject({ createdDate: Type.Optional(DateRange) })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, default: 182, description: 'Days' })),
});

/** A statistics row of the graph screens (analytics spec §3). */
export const StatsRowSchema = Type.Object({
  stats_date: IsoDate('Start of the interval'),
  interval_range: Type.String({ description: 'Bucket label, e.g. 0-1 or 20+' }),
  interval_seconds: Type.Integer(),
  record_count: Type.Integer(),
  total: Type.Optional(Type.Integer({ description: 'Ack stats: every command' })),
  noAck: Type.Optional(Type.Integer({ description: 'Ack stats: commands never acknowledged' })),
});
export type StatsRow = Static<typeof StatsRowSchema>;

export const RowsAnswerSchema = Type.Object({
  from: IsoDate('Start of the range answered'),
  to: IsoDate('End of the range answered'),
  rows: Type.Array(StatsRowSchema),
});
export type RowsAnswer = Static<typeof RowsAnswerSchema>;

const RangeQuery = {
  from: Type.Optional(DateInput('Default: the screen’s default range ending with the latest data')),
  to: Type.Optional(DateInput('Default: the latest data')),
};

export const AckParamsSchema = ClosedObject({
  unit: literalUnion(Object.keys(ACK_UNITS) as ['Day', 'Hour', 'Minute']),
});
export const AckQuerySchema = ClosedObject({
  fromDate: RangeQuery.from,
  toDate: RangeQuery.to,
  groupbyseconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 31_536_000 })),
});

export const DemandParamsSchema = ClosedObject({
  interval: Type.Union(
    DEMAND_INTERVALS.map((i) => Type.Literal(i)),
    { description: 'Minutes per row' },
  ),
});
export const DemandQuerySchema = ClosedObject({
  ...RangeQuery,
  groupbyseconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86_400 })),
  // A day at most: latencies are stored in ms as Postgres integers, and a larger bound only
  // overflowed the query (the operation fuzz found max=1e+308 answered 500).
  max: Type.Optional(
    Type.Number({ minimum: 0, maximum: 86_400, description: 'Slowest latency counted, seconds' }),
  ),
  min: Type.Optional(
    Type.Number({ minimum: 0, maximum: 86_400, description: 'Fastest latency counted, seconds' }),
  ),
});

export const RangeQuerySchema = ClosedObject(RangeQuery);

export const DmRowSchema = Type.Object({
  date: IsoDate('The day'),
  new_linkplus: Type.Integer(),
  new_wfls: Type.Integer(),
  hub_inserts: Type.Integer({ description: 'Gen1 pings stored that day' }),
  diff: Type.Integer({ description: 'new_linkplus − new_wfls' }),
  energy_inserts: Type.Integer(),
  temperature_inserts: Type.Integer(),
  log_inserts: Type.Integer(),
  trigger_inserts: Type.Integer({ description: 'Timers and events created that day' }),
});
export const DmAnswerSchema = Type.Object({
  from: IsoDate('From'),
  to: IsoDate('To'),
  rows: Type.Array(DmRowSchema),
});
export type DmAnswer = Static<typeof DmAnswerSchema>;

export const LinkplusStatisticsBodySchema = ClosedObject({
  sort: Type.Optional(Type.Object({ date: Type.Union([Type.Literal(1), Type.Literal(-1)]) })),
  filter: Type.Optional(ClosedObject({ date: Type.Optional(DateRange) })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: LINKPLUS_STATISTICS_MAX, default: LINKPLUS_STATISTICS_MAX }),
  ),
});
export const LinkplusStatisticsSchema = Type.Array(
  Type.Object({ date: IsoDate('The day'), devices: Type.Object({ L2: Type.Integer() }) }),
);

const UserCreated = Type.Object({
  created: Type.Integer({ description: 'Epoch seconds' }),
  email: Type.String(),
});
/** The /api-users answer lists at most this many voice users, the newest (issue 28: bounded answers). */
export const USERS_WITH_API_VOICE_MAX = 4000;
export const UsersWithApiSchema = Type.Object({
  alexaUsers: Type.Array(UserCreated, {
    description: `Users with a voice link, oldest first: the newest ${USERS_WITH_API_VOICE_MAX} of them`,
  }),
  voiceUsers: Type.Integer({ minimum: 0, description: 'How many users have a voice link in all' }),
  allUsers: Type.Array(
    Type.Object({
      created: Type.Integer({ description: "The day's start (UTC), epoch seconds" }),
      users: Type.Integer({ minimum: 1, description: 'Users created that day' }),
    }),
    {
      description:
        'New users per day, oldest first: one entry a day (every user listed came to 3.6 MB at 100,000 customers, over the broker payload)',
    },
  ),
  alexaUserCreatedAt: Type.Record(Type.String(), Type.Integer(), {
    description: 'When each listed voice link was made (epoch s), keyed by lower-cased e-mail',
  }),
});
export type UsersWithApi = Static<typeof UsersWithApiSchema>;

export const VoiceUsersSchema = Type.Object({
  totalUsers: Type.Integer(),
  byType: Type.Array(
    Type.Object({
      type: Type.String(),
      users: Type.Integer(),
      linked: Type.Integer(),
      percent: Type.Number(),
    }),
  ),
  users: Type.Array(
    Type.Object({
      userId: Type.String(),
      email: Type.String(),
      types: Type.Array(Type.String()),
      linked: Type.Boolean(),
      createdDate: IsoDate('First voice link'),
    }),
    { description: 'The latest 500 users with a voice integration' },
  ),
});
export type VoiceUsers = Static<typeof VoiceUsersSchema>;

/** The panel's hub lists: firmware in use, config highs, HomeKit (seed 001 §2, top-10 lists of 9). */
export const HubSummarySchema = Type.Object({
  hubs: Type.Integer(),
  homeKitPaired: Type.Integer(),
  firmware: Type.Array(Type.Object({ version: Type.String(), hubs: Type.Integer() }), {
    description: 'Hub firmware versions, most used first (9)',
  }),
  configHighs: Type.Array(
    Type.Object({
      hubId: Type.Integer(),
      rootGroupId: Nullable(Type.String()),
      configNumber: Type.Integer(),
    }),
    { description: 'Hubs with the highest config numbers (9)' },
  ),
});
export type HubSummary = Static<typeof HubSummarySchema>;
