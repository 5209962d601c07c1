import { STATS_MAX_SERIES, STATS_OTHERS, type StatsAnswer } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, type StatsHarness, startStats } from './harness.ts';

/*
 * Issue 28: the Groups tab over 1000 days of a world with thousands of groups answered 500 ("The
 * answer is too large to send (1.9 MB; at most 1.0 MB)"). It now answers the largest series and
 * sums the rest as Others, under the broker's payload, with the same totals.
 */
const DAY = 86_400_000;
const GROUPS = 3000;
let h: StatsHarness;

beforeAll(async () => {
  h = await startStats();
  await h.start();
  // Counted from the stream (`live`: a backfill replaces only its own rows). One count per group on a day of the last 1000 (group g: g + 1 records), in every type.
  const last = Math.floor(Date.now() / DAY) * DAY;
  const g = Array.from({ length: GROUPS }, (_, i) => i);
  await h.pool.query(
    `insert into stats_rollup (metric, period, bucket, series, source, count, amount)
     select 'groups', 'd', b, s, 'live', c, 0 from unnest($1::timestamptz[], $2::text[], $3::bigint[]) as t(b, s, c)`,
    [
      g.map((i) => new Date(last - (i % 1000) * DAY)),
      g.map((i) => `type${i % 7}|a group with a fairly long name number ${i}`),
      g.map((i) => i + 1),
    ],
  );
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('the Groups tab of a large world', () => {
  it('answers 1000 days of 3000 groups with at most the series cap, under 1 MB, totals kept', async () => {
    const reply = await h.call('stats.tab', {
      caller: h.staff(['stats']),
      params: { kind: 'groups' },
      query: { limit: '1000', period: String(DAY) },
    });
    const a = data<StatsAnswer>(reply);
    const size = Buffer.byteLength(JSON.stringify(a));
    expect(size).toBeLessThanOrEqual(1024 * 1024);
    expect(a.buckets).toHaveLength(1000);
    expect(a.series).toHaveLength(STATS_MAX_SERIES);
    // The largest groups first (3000, 2999, …), then Others holding the rest.
    expect(a.series[0]?.total).toBe(GROUPS);
    const others = a.series.at(-1);
    expect(others?.name).toBe(STATS_OTHERS);
    expect(others?.tags).toEqual({ groupType: STATS_OTHERS, group: STATS_OTHERS });
    const all = (GROUPS * (GROUPS + 1)) / 2;
    expect(a.series.reduce((n, s) => n + s.total, 0)).toBe(all);
    for (const s of a.series) expect(s.values).toHaveLength(1000);
    expect(others?.values.reduce((n, v) => n + v, 0)).toBe(others?.total);
    // Without the cap the same answer would have been several times the broker's payload.
    expect(GROUPS * 1000 * 2).toBeGreaterThan(1024 * 1024);
  });
});
