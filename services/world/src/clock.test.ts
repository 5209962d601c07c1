import { describe, expect, it } from 'vitest';
import { shiftOf, worldNow } from './clock.ts';
import { generateCustomer } from './customer.ts';
import { DailyTally } from './statistics.ts';
import { DAY, WORLD_NOW } from './time.ts';
import { worldGlobals } from './world.ts';

const LATER = Date.UTC(2026, 10, 27, 14, 5, 9);
const DELTA = LATER - WORLD_NOW;
const ISO = /\d{4}-\d\d-\d\d/g;

/** Every leaf of `a` beside the same leaf of `b`, by path. */
function* pairs(a: unknown, b: unknown, path = ''): Generator<[string, unknown, unknown]> {
  if (a instanceof Date || a === null || typeof a !== 'object') {
    yield [path, a, b];
    return;
  }
  for (const [k, v] of Object.entries(a)) yield* pairs(v, (b as Record<string, unknown>)[k], `${path}.${k}`);
}

describe("the world's now", () => {
  it('moves every date of a customer by the same amount and changes nothing else (ids, names, counts)', () => {
    let dates = 0;
    for (let i = 0; i < 60; i++) {
      const at = generateCustomer(5, i);
      const later = generateCustomer(5, i, { now: LATER });
      for (const [path, x, y] of pairs(
        { gen1: at.gen1, gen2: at.gen2 },
        { gen1: later.gen1, gen2: later.gen2 },
      )) {
        ISO.lastIndex = 0;
        if (x instanceof Date) {
          expect((y as Date).getTime() - x.getTime(), path).toBe(DELTA);
          dates++;
        } else if (typeof x === 'number' && x > 1.3e9 && x < 1.9e9) {
          expect((y as number) - x, path).toBe(DELTA / 1000);
        } else if (typeof x === 'string' && x !== y) {
          // Dates written as text (timers' days, the API log's JSON) move too, and nothing else in them.
          const days = [...x.matchAll(ISO)].map((m) => m[0]);
          expect(days.length, path).toBeGreaterThan(0);
          expect(y, path).not.toMatch(/2025-0[1-5]-/);
        } else {
          expect(y, path).toEqual(x);
          ISO.lastIndex = 0;
          if (typeof x === 'string' && /^\d{4}-\d\d-\d\d/.test(x)) throw new Error(`${path} kept ${x}`);
        }
      }
    }
    expect(dates).toBeGreaterThan(1000);
  });

  it('ends the world at its now: nothing after it but expiries, the newest records within the last day', () => {
    let newest = 0;
    for (let i = 0; i < 200; i++) {
      const c = generateCustomer(5, i, { now: LATER });
      for (const [path, v] of pairs(c.gen2, c.gen2)) {
        // Tokens expire in the future; every other date is history.
        if (v instanceof Date && !path.includes('expires')) newest = Math.max(newest, v.getTime());
      }
    }
    // A connection of the last days may be recorded as ending up to three days on.
    expect(newest).toBeLessThanOrEqual(LATER + 3 * DAY);
    expect(newest).toBeGreaterThan(LATER - DAY);
  });

  it('is the load time to the second by default, or the pinned one', () => {
    const before = Date.now();
    const t = worldNow();
    expect(t % 1000).toBe(0);
    expect(t).toBeGreaterThan(before - 1000);
    expect(worldNow('2025-06-01T00:00:00.400Z')).toBe(WORLD_NOW);
    expect(() => worldNow('soon')).toThrow(/Not a date/);
    expect(shiftOf(WORLD_NOW)).toBe(0);
    expect(worldGlobals(LATER).firmwareReleases[0]?.updatedDate.getTime()).toBe(
      (worldGlobals().firmwareReleases[0]?.updatedDate.getTime() as number) + DELTA,
    );
  });

  it("ends the daily statistics records on the day of the world's now", () => {
    const tally = new DailyTally(LATER);
    for (let i = 0; i < 50; i++) tally.add(generateCustomer(5, i, { now: LATER }));
    const records = tally.records();
    expect(records.at(-1)?.date.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(new DailyTally().records().at(-1)?.date.toISOString()).toBe('2025-05-31T00:00:00.000Z');
  });
});
