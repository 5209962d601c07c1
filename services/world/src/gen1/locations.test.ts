import { describe, expect, it } from 'vitest';
import { generateCustomer } from '../customer.ts';

const markers = (seed: number, n: number) =>
  Array.from(
    { length: n },
    (_, i) => generateCustomer(seed, i, { gen2: false, histories: false }).gen1,
  ).flatMap((g) => g.wfl_locations.map((l) => ({ l, wfl: g.wfls.find((w) => w.wfl_id === l.wfl_id) })));

describe('WFL map markers', () => {
  it('are the same for a seed, one per generated link, about 2 % bad, partners in their own countries', () => {
    const a = markers(3, 3000);
    expect(markers(3, 3000).map((m) => m.l)).toEqual(a.map((m) => m.l));
    expect(a.length).toBeGreaterThan(1500);
    for (const { l, wfl } of a) {
      expect(wfl?.mac).toBe(l.mac);
      expect(l.created).toBe(wfl?.created);
    }
    const bad = a.filter(
      ({ l }) =>
        l.lat === null ||
        l.long === null ||
        (l.lat === 0 && l.long === 0) ||
        Math.abs(l.lat) > 90 ||
        Math.abs(l.long) > 180,
    );
    expect(bad.length / a.length).toBeGreaterThan(0.005);
    expect(bad.length / a.length).toBeLessThan(0.05);
    const good = a.filter(({ l }) => !bad.some((b) => b.l === l));
    const nexa = good.filter(({ l }) => l.mac.startsWith('12') || l.mac.startsWith('13'));
    expect(nexa.length).toBeGreaterThan(0);
    for (const { l } of nexa) expect(l.long).toBeGreaterThan(8);
    expect(a.some(({ l }) => l.energy === 1)).toBe(true);
  });
});
