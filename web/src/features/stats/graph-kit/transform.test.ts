import { toCsv } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { changeOver, compareRange, linearTrend, rollingAverage, seriesCsv, toPercent } from './transform.ts';

describe('graph transforms', () => {
  it('fit a straight trend line, skipping missing points', () => {
    expect(linearTrend([1, null, 3, 4, 5]).map((v) => Math.round((v ?? 0) * 100) / 100)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(linearTrend([7])).toEqual([null]);
  });

  it('turn series into shares of the total at each point', () => {
    const [a, b] = toPercent([
      { name: 'a', values: [1, 0] },
      { name: 'b', values: [3, 0] },
    ]);
    expect(a?.values).toEqual([25, 0]);
    expect(b?.values).toEqual([75, 0]);
  });

  it('average the last n days and measure the change over a gap', () => {
    expect(rollingAverage([7, 7, 14], 2)).toEqual([7, 7, 10.5]);
    expect(changeOver([1, 2, 5, 9], 2)).toEqual([null, null, 4, 7]);
  });

  it('compare with the preceding period for 1, else the same period a year earlier', () => {
    const from = new Date('2025-03-10T00:00:00Z');
    const to = new Date('2025-03-15T00:00:00Z');
    expect(compareRange(from, to, 1)).toEqual({ from: new Date('2025-03-05T00:00:00Z'), to: from });
    expect(compareRange(from, to, 2).from.toISOString()).toBe('2024-03-10T00:00:00.000Z');
  });

  it('write CSV with quoting', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"']])).toBe('a,b\n"x,y","say ""hi"""');
    expect(seriesCsv('day', ['d1', 'd2'], [{ name: 's', values: [1, null] }])).toBe('day,s\nd1,1\nd2,');
  });
});
