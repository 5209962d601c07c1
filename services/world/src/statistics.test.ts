import { describe, expect, it } from 'vitest';
import { DailyTally, STATISTICS_DAYS } from './statistics.ts';
import { customers } from './world.ts';

describe('daily statistics records', () => {
  it('agree with the customers they tally and are the same for the same seed', () => {
    const tally = new DailyTally();
    const again = new DailyTally();
    let users = 0;
    let l2 = 0;
    let clients = 0;
    for (const c of customers({ seed: 3, customers: 200 })) {
      tally.add(c);
      users += c.gen2.users.length;
      l2 += c.gen2.products.filter((p) => p.productCode === 'L2').length;
      clients += c.gen2.clientDevices.length;
    }
    for (const c of customers({ seed: 3, customers: 200 })) again.add(c);
    const records = tally.records();
    expect(records).toHaveLength(STATISTICS_DAYS);
    const last = records[records.length - 1];
    // Nobody joins after the world's clock, so the last day's totals are everything.
    expect(last?.users.total).toBe(users);
    expect(last?.devices.L2).toBe(l2);
    expect(clients).toBeGreaterThanOrEqual(users);
    expect(JSON.stringify(again.records())).toBe(JSON.stringify(records));
    const totals = records.map((r) => r.users.total);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
  });
});
