/** Constants of the analytics graph screens (analytics spec §2, §9). */

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Default ranges when the screen opens. */
export const GRAPH_DEFAULT_RANGES = {
  ackStatsMs: 5 * DAY_MS,
  demandMs: 30 * MINUTE_MS,
  dailyMs: 14 * DAY_MS,
  dataMonitorMs: 90 * DAY_MS,
} as const;

/** `ack-stats/{unit}`: the unit names the bucket width. */
export const ACK_UNITS = { Day: 86_400, Hour: 3_600, Minute: 60 } as const;
export type AckUnit = keyof typeof ACK_UNITS;

/** `demmand/{interval}`: the interval in minutes of each demand row. */
export const DEMAND_INTERVALS = [1, 10, 20] as const;

export interface LatencyBucket {
  label: string;
  /** Lower bound, seconds (inclusive). */
  from: number;
  /** Upper bound, seconds (exclusive); null for the open top bucket. */
  to: number | null;
}

const range = (from: number, to: number | null): LatencyBucket => ({
  label: to === null ? `${from}+` : `${from}-${to}`,
  from,
  to,
});

/** Demand buckets in seconds: 0-1 through 4-5, 5-10, 10-20, 20+ (analytics spec §9). */
export const DEMAND_BUCKETS: readonly LatencyBucket[] = [
  range(0, 1),
  range(1, 2),
  range(2, 3),
  range(3, 4),
  range(4, 5),
  range(5, 10),
  range(10, 20),
  range(20, null),
];

/**
 * The 22 daily buckets: latency sampled per 10-second interval up to 1 minute (6), then every
 * 60 seconds (15, up to 16 minutes), then everything slower (1).
 */
export const DAILY_BUCKETS: readonly LatencyBucket[] = [
  ...Array.from({ length: 6 }, (_, i) => range(i * 10, i * 10 + 10)),
  ...Array.from({ length: 15 }, (_, i) => range(60 + i * 60, 120 + i * 60)),
  range(960, null),
];

/** The bucket a latency (seconds) falls in. */
export function bucketOf(buckets: readonly LatencyBucket[], seconds: number): LatencyBucket {
  for (const b of buckets) if (b.to === null || seconds < b.to) return b;
  return buckets[buckets.length - 1] as LatencyBucket;
}

/** Voice users created before this date count as created on it (analytics spec §9). */
export const VOICE_EPOCH = '2015-10-01T00:00:00.000Z';
/** The day gap between two points is capped at this many days. */
export const DAY_GAP_CAP = 99;
/** Compare: 1 is the preceding period; any other value the same period a year earlier. */
export const COMPARE_PRECEDING = 1;

/** The data-monitor row's columns (analytics spec §3). */
export const DM_COLUMNS = [
  'new_linkplus',
  'new_wfls',
  'hub_inserts',
  'diff',
  'energy_inserts',
  'temperature_inserts',
  'log_inserts',
  'trigger_inserts',
] as const;
export type DmColumn = (typeof DM_COLUMNS)[number];

/** `linkplus-statistics` answers at most this many rows (analytics spec §7). */
export const LINKPLUS_STATISTICS_MAX = 10_000;
