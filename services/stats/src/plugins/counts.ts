/**
 * What the statistics count, as increments: pure, shared by the stream consumer and the backfill,
 * so a message counted live and the same fact counted from stored data land in the same series.
 */

export type Period = 'h' | 'd';
export const PERIOD_MS: Record<Period, number> = { h: 3_600_000, d: 86_400_000 };

export interface Increment {
  metric: string;
  series: string;
  /** ms since the epoch. */
  at: number;
  /** Summed beside the count (durations, for averages). */
  amount?: number;
  /** For unique statistics: counted once per bucket and series. */
  member?: string;
  /** Only this period (a daily record has no hours). */
  only?: Period;
  /** Counts as this many (a stored aggregate); default 1. */
  count?: number;
}

export const bucketStart = (at: number, period: Period) =>
  Math.floor(at / PERIOD_MS[period]) * PERIOD_MS[period];

/** Rolled-up counts keyed by metric, period, bucket and series; unique members kept apart. */
export class Tally {
  readonly counts = new Map<string, { count: number; amount: number }>();
  readonly members = new Map<string, Set<string>>();

  add(inc: Increment): void {
    for (const period of ['h', 'd'] as const) {
      if (inc.only && inc.only !== period) continue;
      const key = `${inc.metric}\u0000${period}\u0000${bucketStart(inc.at, period)}\u0000${inc.series}`;
      if (inc.member !== undefined) {
        let set = this.members.get(key);
        if (!set) {
          set = new Set();
          this.members.set(key, set);
        }
        set.add(inc.member);
        continue;
      }
      const c = this.counts.get(key);
      const n = inc.count ?? 1;
      if (c) {
        c.count += n;
        c.amount += inc.amount ?? 0;
      } else this.counts.set(key, { count: n, amount: inc.amount ?? 0 });
    }
  }

  get size(): number {
    return this.counts.size + this.members.size;
  }
}

export interface RollupKey {
  metric: string;
  period: Period;
  bucket: Date;
  series: string;
}

export function splitKey(key: string): RollupKey {
  const [metric, period, bucket, series] = key.split('\u0000') as [string, Period, string, string];
  return { metric, period, bucket: new Date(Number(bucket)), series };
}

const text = (v: unknown, fallback: string) =>
  typeof v === 'string' && v.length > 0 ? v.slice(0, 80) : fallback;

/**
 * The increments of one message of the hub stream: `…hub.<id>.msg.<dir>.<class>.<op>` (every
 * message in or out of a hub) or `…hub.<id>.presence`. `tokens` are the subject's tokens after
 * the prefix; `data` its JSON; `at` when the stream stored it.
 */
export function streamIncrements(tokens: readonly string[], data: unknown, at: number): Increment[] {
  const [kind, hubId, what, direction, cls, operation] = tokens;
  if (kind !== 'hub' || !hubId) return [];
  const out: Increment[] = [];
  const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (what === 'presence') {
    // A refresh repeats a standing connection; only a new one counts for its worker.
    if (body.connected === true && body.reason !== 'refresh') {
      out.push({ metric: 'workers', series: text(body.workerId, 'unknown'), at });
      out.push({ metric: 'global', series: 'connections', at });
    }
    return out;
  }
  if (what !== 'msg' || !direction || !cls || !operation) return [];
  const name = `${cls}.${operation}`;
  out.push({ metric: 'global', series: 'socketLogs', at });
  if (direction === 'request') {
    out.push({ metric: 'commands', series: name, at });
    out.push({ metric: 'global', series: 'commands', at });
  }
  const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
  for (const item of items) {
    if (item && item.success === false) out.push({ metric: 'protocolErrors', series: name, at });
  }
  if (cls === 'log') {
    for (const item of items) {
      const p = (item?.payload ?? {}) as Record<string, unknown>;
      const series = `${text(p.source, 'unknown')}|${text(p.group, 'unknown')}|${text(p.level, 'info')}`;
      out.push({ metric: 'logs', series, at });
    }
  }
  if (cls === 'automation' && direction !== 'response') {
    out.push({ metric: 'automations', series: operation, at });
    out.push({ metric: 'automations.unique', series: operation, at, member: hubId });
  }
  return out;
}

/** One value a feature took, as the hub message stream said it (a feature event, a read or a write answer). */
export interface FeaturePoint {
  featureId: string;
  hubId: number;
  value: unknown;
  /** Who changed it (the event's source: device, admin, automation…), or read/write for an answer. */
  source: string;
  /** The automation behind the change, when the event names one. */
  info: string | null;
}

/** The feature values in one hub message (subject tokens after the prefix, and its body). */
export function featurePoints(tokens: readonly string[], data: unknown): FeaturePoint[] {
  const [kind, hubId, what, direction, cls, operation] = tokens;
  if (kind !== 'hub' || what !== 'msg' || cls !== 'feature' || !Number.isSafeInteger(Number(hubId)))
    return [];
  const event = direction === 'notification' && operation === 'event';
  const answer = direction === 'response' && (operation === 'read' || operation === 'write');
  if (!event && !answer) return [];
  const items = Array.isArray((data as { items?: unknown } | null)?.items)
    ? ((data as { items: Record<string, unknown>[] }).items ?? [])
    : [];
  const out: FeaturePoint[] = [];
  for (const item of items) {
    const p = (item?.payload ?? {}) as Record<string, unknown>;
    if (item?.success === false || typeof p.featureId !== 'string' || p.value === undefined) continue;
    out.push({
      featureId: p.featureId.slice(0, 200),
      hubId: Number(hubId),
      value: p.value,
      source: event ? text(p.source, 'device') : operation,
      info: typeof p.automationId === 'string' ? p.automationId : null,
    });
  }
  return out;
}
