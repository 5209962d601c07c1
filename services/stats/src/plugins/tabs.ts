import {
  ApiError,
  STATS_LIMITS,
  STATS_MAX_BUCKETS,
  STATS_MAX_SERIES,
  STATS_OTHERS,
  STATS_TEXT,
  type StatsAnswer,
  type StatsSeries,
} from '@console/contracts';
import { PERIOD_MS, type Period } from './counts.ts';
import type { RollupRow, RollupStore } from './rollup.store.ts';

/** What a statistic reads: its rollup metrics (added together), unit and the names of its series' parts. */
export interface StatSpec {
  metrics: readonly string[];
  unit: 'count' | 'ms';
  /** A series `a|b|c` is tagged {name0: a, name1: b, …} for the tab's controls. */
  tagNames: readonly string[];
}

export const STAT_SPECS: Record<string, StatSpec> = {
  products: { metrics: ['products'], unit: 'count', tagNames: ['product'] },
  structureProducts: { metrics: ['structureProducts'], unit: 'count', tagNames: ['product'] },
  logs: { metrics: ['logs'], unit: 'count', tagNames: ['source', 'group', 'level'] },
  userLicensesV5: { metrics: ['userLicensesV5'], unit: 'count', tagNames: ['licence'] },
  users: { metrics: ['users'], unit: 'count', tagNames: ['users'] },
  commands: { metrics: ['commands', 'gen1Commands'], unit: 'count', tagNames: ['command'] },
  // Average latency: amounts (ms) over counts of the commands that have one.
  duration: { metrics: ['duration', 'gen1Latency'], unit: 'ms', tagNames: ['command'] },
  agents: { metrics: ['agents'], unit: 'count', tagNames: ['agentType', 'agent'] },
  workers: { metrics: ['workers'], unit: 'count', tagNames: ['worker'] },
  automations: { metrics: ['automations'], unit: 'count', tagNames: ['automation'] },
  'automations.unique': { metrics: ['automations.unique'], unit: 'count', tagNames: ['automation'] },
  groups: { metrics: ['groups'], unit: 'count', tagNames: ['groupType', 'group'] },
  global: { metrics: ['global'], unit: 'count', tagNames: ['stat'] },
  appVersions: { metrics: ['appVersions'], unit: 'count', tagNames: ['platform', 'version'] },
  clientDeviceTypes: { metrics: ['clientDeviceTypes'], unit: 'count', tagNames: ['metric', 'deviceType'] },
  protocolErrors: { metrics: ['protocolErrors'], unit: 'count', tagNames: ['operation'] },
  dm: { metrics: ['dm', 'dmGen2'], unit: 'count', tagNames: ['column'] },
};

export interface Window {
  /** First bucket start and last bucket start (ms). */
  first: number;
  last: number;
}

export interface StatRequest {
  limit?: number;
  period?: number;
  pieSize?: number;
  /** An explicit window; else the last `limit` buckets ending with the latest holding data. */
  window?: Window;
  /** Every series, past STATS_MAX_SERIES too: for reads that stay in the service (checks), never an answer. */
  everySeries?: true;
}

/** The latest bucket holding data in any of the spec's metrics. */
export async function latestBucket(
  store: RollupStore,
  spec: StatSpec,
  period: Period,
): Promise<number | null> {
  const all = await Promise.all(spec.metrics.map((m) => store.latest(m, period)));
  const found = all.filter((b): b is number => b !== null);
  return found.length ? Math.max(...found) : null;
}

export async function readStat(
  store: RollupStore,
  kind: string,
  spec: StatSpec,
  req: StatRequest,
): Promise<StatsAnswer> {
  const periodMs = req.period ?? PERIOD_MS.d;
  const period: Period = periodMs === PERIOD_MS.h ? 'h' : 'd';
  const limit = req.limit ?? STATS_LIMITS.defaultLimit;
  const pieSize = Math.min(req.pieSize ?? Math.min(STATS_LIMITS.defaultPieSize, limit), limit);
  const empty: StatsAnswer = {
    kind,
    period: periodMs,
    limit,
    pieSize,
    from: null,
    to: null,
    buckets: [],
    unit: spec.unit,
    series: [],
  };
  let window = req.window;
  if (!window) {
    const last = await latestBucket(store, spec, period);
    if (last === null) return empty;
    window = { first: last - (limit - 1) * periodMs, last };
  }
  const { first, last } = window;
  const count = Math.floor((last - first) / periodMs) + 1;
  // A window from the caller's dates (or from a date to the latest data) can be any length.
  if (count > STATS_MAX_BUCKETS)
    throw new ApiError(400, STATS_TEXT.rangeTooLong, { from: STATS_TEXT.rangeTooLong });
  const rows = (await Promise.all(spec.metrics.map((m) => store.read(m, period, first, last)))).flat();
  return {
    ...empty,
    limit: count,
    from: new Date(first).toISOString(),
    to: new Date(last + periodMs).toISOString(),
    buckets: Array.from({ length: count }, (_, i) => new Date(first + i * periodMs).toISOString()),
    series: capSeries(toSeries(rows, spec, first, periodMs, count, pieSize), spec, req.everySeries),
  };
}

export function toSeries(
  rows: readonly RollupRow[],
  spec: StatSpec,
  first: number,
  periodMs: number,
  count: number,
  pieSize: number,
): StatsSeries[] {
  const by = new Map<string, { counts: number[]; amounts: number[] }>();
  for (const r of rows) {
    const i = Math.round((r.bucket - first) / periodMs);
    if (i < 0 || i >= count) continue;
    let s = by.get(r.series);
    if (!s) {
      s = { counts: new Array(count).fill(0), amounts: new Array(count).fill(0) };
      by.set(r.series, s);
    }
    s.counts[i] = (s.counts[i] as number) + r.count;
    s.amounts[i] = (s.amounts[i] as number) + r.amount;
  }
  const pieFrom = count - pieSize;
  const sum = (a: number[], from = 0) => a.slice(from).reduce((x, y) => x + y, 0);
  const out: StatsSeries[] = [];
  for (const [name, s] of by) {
    const parts = name.split('|');
    const tags = Object.fromEntries(spec.tagNames.map((t, i) => [t, parts[i] ?? '']));
    if (spec.unit === 'ms') {
      const avg = (c: number, a: number) => (c > 0 ? Math.round(a / c) : 0);
      out.push({
        name,
        values: s.counts.map((c, i) => avg(c, s.amounts[i] as number)),
        total: avg(sum(s.counts), sum(s.amounts)),
        pieTotal: avg(sum(s.counts, pieFrom), sum(s.amounts, pieFrom)),
        tags,
      });
    } else {
      out.push({ name, values: s.counts, total: sum(s.counts), pieTotal: sum(s.counts, pieFrom), tags });
    }
  }
  return out.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/** Names and tags are stored text: at most the schema's 200 characters each. */
const clip = (t: string) => t.slice(0, 200);

/**
 * At most STATS_MAX_SERIES series (the schema's cap, which keeps an answer under the broker's
 * payload): the largest kept, the rest summed into one `Others` (an average for `ms` tabs is not
 * a sum, so there the rest are left out instead).
 */
export function capSeries(sorted: StatsSeries[], spec: StatSpec, every?: true): StatsSeries[] {
  if (every) return sorted;
  const fit = (s: StatsSeries): StatsSeries => ({
    ...s,
    name: clip(s.name),
    tags: Object.fromEntries(Object.entries(s.tags).map(([k, v]) => [k, clip(v)])),
  });
  if (sorted.length <= STATS_MAX_SERIES) return sorted.map(fit);
  const kept = sorted.slice(0, STATS_MAX_SERIES - 1).map(fit);
  if (spec.unit === 'ms') return sorted.slice(0, STATS_MAX_SERIES).map(fit);
  const rest = sorted.slice(STATS_MAX_SERIES - 1);
  const values = (rest[0] as StatsSeries).values.map((_, i) =>
    rest.reduce((n, s) => n + (s.values[i] as number), 0),
  );
  const others: StatsSeries = {
    name: STATS_OTHERS,
    values,
    total: rest.reduce((n, s) => n + s.total, 0),
    pieTotal: rest.reduce((n, s) => n + s.pieTotal, 0),
    tags: Object.fromEntries(spec.tagNames.map((t) => [t, STATS_OTHERS])),
  };
  return [...kept, others];
}
