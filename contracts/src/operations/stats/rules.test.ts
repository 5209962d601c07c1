import { describe, expect, it } from 'vitest';
import { changeColourClass, STATS_TABS } from './constants.ts';
import { bucketOf, DAILY_BUCKETS, DEMAND_BUCKETS } from './graphs.ts';
import { statsOperations } from './ops.ts';
import { checkLimitAndPie, checkRange, STATS_TEXT } from './rules.ts';

describe('statistics rules', () => {
  it('refuse a limit below 1 and a pie size outside 1..limit', () => {
    expect(checkLimitAndPie(0).limit).toBe(STATS_TEXT.limitMin);
    expect(checkLimitAndPie(1.5).limit).toBe(STATS_TEXT.limitMin);
    expect(checkLimitAndPie(30, 31).pieSize).toContain('(30)');
    expect(checkLimitAndPie(30, 0).pieSize).toBeDefined();
    expect(checkLimitAndPie(30, 30)).toEqual({});
    expect(checkLimitAndPie(1)).toEqual({});
  });

  it('refuse a from date after the to date', () => {
    expect(checkRange('2025-02-02T00:00:00Z', '2025-02-01T00:00:00Z').from).toBe(STATS_TEXT.fromAfterTo);
    expect(checkRange('2025-02-01T00:00:00Z', '2025-02-01T00:00:00Z')).toEqual({});
    expect(checkRange('nope', undefined).from).toBe(STATS_TEXT.badDate);
  });

  it('have 13 tabs, 8 demand buckets and 22 daily buckets', () => {
    expect(STATS_TABS).toHaveLength(13);
    expect(DEMAND_BUCKETS.map((b) => b.label)).toEqual([
      '0-1',
      '1-2',
      '2-3',
      '3-4',
      '4-5',
      '5-10',
      '10-20',
      '20+',
    ]);
    expect(DAILY_BUCKETS).toHaveLength(22);
    expect(bucketOf(DEMAND_BUCKETS, 4.99).label).toBe('4-5');
    expect(bucketOf(DEMAND_BUCKETS, 25).label).toBe('20+');
    expect(bucketOf(DAILY_BUCKETS, 59).label).toBe('50-60');
    expect(bucketOf(DAILY_BUCKETS, 5000).label).toBe('960+');
  });

  it('colour device changes by the thresholds', () => {
    expect([-1, 0, 9, 10, 99, 100, 5000].map(changeColourClass)).toEqual([
      'red',
      'below10',
      'below10',
      'below100',
      'below100',
      '1000plus',
      '1000plus',
    ]);
  });

  it('are served by the stats service on the paths the specifications spell', () => {
    expect(statsOperations.every((o) => o.service === 'stats')).toBe(true);
    expect(statsOperations.map((o) => o.path)).toContain('/api/supportPlus/stats/:kind');
    expect(statsOperations.map((o) => o.path)).toContain('/api/statistics/cmd-statistics/demmand/:interval');
  });
});

describe('the demand graph query', () => {
  it('takes latency bounds up to a day, and refuses ones the database cannot hold', async () => {
    const { Value } = await import('@sinclair/typebox/value');
    const { DemandQuerySchema } = await import('./schemas.ts');
    expect(Value.Check(DemandQuerySchema, { min: 0, max: 86_400 })).toBe(true);
    expect(Value.Check(DemandQuerySchema, { max: 1e308 })).toBe(false);
    expect(Value.Check(DemandQuerySchema, { min: 999_999_999.99 })).toBe(false);
  });
});
