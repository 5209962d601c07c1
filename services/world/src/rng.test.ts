import { describe, expect, it } from 'vitest';
import { deriveSeed, Rng } from './rng.ts';

describe('Rng', () => {
  it('repeats itself for the same seed and differs for another', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const sa = Array.from({ length: 8 }, () => a.u32());
    expect(Array.from({ length: 8 }, () => b.u32())).toEqual(sa);
    expect(Array.from({ length: 8 }, () => c.u32())).not.toEqual(sa);
  });
  it('spreads values evenly enough for proportions to hold', () => {
    const r = new Rng(7);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(r.next() * 10)]++;
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
    let hits = 0;
    for (let i = 0; i < 100_000; i++) if (r.chance(0.03)) hits++;
    expect(hits).toBeGreaterThan(2700);
    expect(hits).toBeLessThan(3300);
  });
  it('keeps int within bounds, both included', () => {
    const r = new Rng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(r.int(2, 5));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });
  it('derives distinct seeds per part, including parts above 32 bits', () => {
    const seeds = new Set<number>();
    for (let i = 0; i < 10_000; i++) seeds.add(deriveSeed(1, i, 2));
    expect(seeds.size).toBe(10_000);
    expect(deriveSeed(2 ** 32 + 1)).not.toBe(deriveSeed(1));
    expect(deriveSeed(1, 2)).not.toBe(deriveSeed(2, 1));
  });
});
