import {
  Gen1DeviceSchema,
  QueuedCommandSchema,
  SupportNoteSchema,
  TransactionSchema,
  UserSchema,
  WflLocationSchema,
  WflSchema,
} from '@console/contracts';
import type { TSchema } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { GROWTH_KINDS, type GrowthRates, growthTick } from './growth.ts';
import { DAY, MINUTE } from './time.ts';

if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));

const WORLD = { seed: 4, customers: 150, now: Date.UTC(2026, 10, 27, 10, 0, 0) };
const RATES: GrowthRates = { customer: 120, link: 30, device: 300, command: 2000, note: 60 };
const check = (schema: TSchema, value: unknown) => expect(() => Value.Encode(schema, value)).not.toThrow();

describe("the world's growth", () => {
  it('adds each kind at its daily rate over a day of one-minute ticks, dated within each tick, with unique ids', () => {
    const totals = Object.fromEntries(GROWTH_KINDS.map((k) => [k, 0])) as Record<string, number>;
    const seen = new Map<string, Set<unknown>>();
    const unique = (what: string, id: unknown) => {
      const set = seen.get(what) ?? new Set();
      seen.set(what, set);
      expect(set.has(id), `${what} ${String(id)}`).toBe(false);
      set.add(id);
    };
    let joined = 0;
    for (let tick = 0; tick < DAY / MINUTE; tick++) {
      const t = growthTick(WORLD, tick, MINUTE, RATES, joined);
      joined += t.customers;
      for (const k of GROWTH_KINDS) totals[k] = (totals[k] as number) + t.added[k].length;
      const inTick = (d: Date | number) => {
        const ms = typeof d === 'number' ? d * 1000 : d.getTime();
        expect(ms).toBeGreaterThanOrEqual(t.from);
        expect(ms).toBeLessThan(t.to + 10_000); // a reply lands a few seconds after its request
      };
      for (const u of t.gen1.users) {
        unique('user', u.user_id);
        inTick(u.created);
      }
      for (const w of t.gen1.wfls) {
        unique('wfl', w.wfl_id);
        inTick(w.created);
        check(WflSchema, w);
      }
      for (const l of t.gen1.wfl_locations) check(WflLocationSchema, l);
      for (const d of t.gen1.devices) {
        unique('device', d.device_id);
        check(Gen1DeviceSchema, d);
      }
      for (const q of t.gen1.command_queue) {
        unique('command', q.id);
        inTick(q.request_date);
        check(QueuedCommandSchema, q);
      }
      for (const p of t.parts) {
        for (const u of p.gen2.users) {
          unique('userId', u.userId);
          inTick(u.createdDate);
          check(UserSchema, u);
        }
        for (const x of p.gen2.transactions) {
          inTick(x.createdDate);
          check(TransactionSchema, x);
        }
        for (const n of p.gen2.supportNotes) {
          inTick(n.createdDate);
          check(SupportNoteSchema, n);
        }
      }
    }
    // A day's draws land near the rates: each tick draws its own count around the mean, so a day
    // is within a few standard deviations (about the square root of the rate).
    for (const k of GROWTH_KINDS) {
      expect(Math.abs((totals[k] as number) - RATES[k]), k).toBeLessThan(4 * Math.sqrt(RATES[k]));
    }
    expect(joined).toBe(totals.customer);
  });

  it('is the same tick for the same seed, and another for another tick', () => {
    const a = JSON.stringify(growthTick(WORLD, 42, MINUTE, RATES, 7));
    expect(JSON.stringify(growthTick(WORLD, 42, MINUTE, RATES, 7))).toBe(a);
    expect(JSON.stringify(growthTick(WORLD, 43, MINUTE, RATES, 7))).not.toBe(a);
  });
});
