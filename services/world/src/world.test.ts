import {
  HubSchema,
  ProductSchema,
  StructureSchema,
  SyncUpdateSchema,
  TransactionSchema,
  UserSchema,
  WflSchema,
} from '@console/contracts';
import type { TSchema } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { generateCustomer } from './customer.ts';
import { summarize } from './summary.ts';
import { customers, hubsOf, wflsOf } from './world.ts';

// The world's dates are ISO strings on the wire; Value checks need to know the format.
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));

const serialize = (seed: number, count: number) =>
  [...customers({ seed, customers: count })]
    .map((c) => JSON.stringify({ ...c, flags: [...c.flags] }))
    .join('\n');

describe('the world generator', () => {
  it('is deterministic: the same seed and size give byte-identical output', () => {
    const a = serialize(7, 150);
    expect(serialize(7, 150)).toBe(a);
    expect(serialize(8, 150)).not.toBe(a);
  });
  it('regenerates any customer alone, whatever the size of the world', () => {
    const all = [...customers({ seed: 3, customers: 60 })];
    const again = generateCustomer(3, 42);
    expect(JSON.stringify(again)).toBe(JSON.stringify(all[42]));
    // Without histories or Gen1, the hubs and structures are the same.
    const lean = generateCustomer(3, 42, { histories: false, gen1: false });
    expect(JSON.stringify(lean.gen2.structures)).toBe(JSON.stringify(all[42]?.gen2.structures));
    expect(JSON.stringify(lean.gen2.hubs)).toBe(JSON.stringify(all[42]?.gen2.hubs));
  });
  it('produces documents and rows of the contracts’ shapes', () => {
    const check = (schema: TSchema, value: unknown) => {
      // Encode turns Dates into the wire form and throws with the path if anything does not fit.
      expect(() => Value.Encode(schema, value)).not.toThrow();
    };
    for (const c of customers({ seed: 5, customers: 120 })) {
      for (const u of c.gen2.users) check(UserSchema, u);
      for (const s of c.gen2.structures) check(StructureSchema, s);
      for (const h of c.gen2.hubs) check(HubSchema, h);
      for (const p of c.gen2.products) check(ProductSchema, p);
      for (const s of c.gen2.syncUpdates) check(SyncUpdateSchema, s);
      for (const t of c.gen2.transactions) check(TransactionSchema, t);
      for (const w of c.gen1.wfls) check(WflSchema, w);
    }
  });
  it('holds every case the console warns about, in the stated proportions', () => {
    const s = summarize({ seed: 1, customers: 4000 });
    const gen2 = (s.kinds.gen2 ?? 0) + (s.kinds.both ?? 0);
    const share = (k: string, of: number) => (s.cases[k] ?? 0) / of;
    expect((s.kinds.gen1 ?? 0) / 4000).toBeCloseTo(0.4, 1);
    expect(share('gen2.noRoot', gen2)).toBeCloseTo(0.04, 1);
    expect(share('gen2.sharedStructure', gen2)).toBeGreaterThan(0.05);
    for (const k of [
      'gen2.errorState',
      'gen2.locked',
      'gen2.badBatch',
      'gen2.missingDevice',
      'gen2.missingGroup',
    ]) {
      expect(s.cases[k], k).toBeGreaterThan(20);
    }
    for (const k of ['gen2.migrated', 'gen1.sharedMac', 'gen1.orphanDevice', 'gen1.orphanHeatingPlan']) {
      expect(s.cases[k], k).toBeGreaterThan(5);
    }
  });
  it('lists each hub with its structure and its devices, without a database', () => {
    const hubs = [...hubsOf({ seed: 2, customers: 80 })];
    expect(hubs.length).toBeGreaterThan(40);
    for (const { hub, structure, products, owner } of hubs) {
      if (hub.rootGroupId === null) {
        expect(structure).toBeNull();
        expect(owner.noRoot).toBe(true);
        continue;
      }
      expect(structure?.link2).toContain(hub.hubId);
      expect(products.find((p) => p.productCode === 'L2')?.serial).toBe(hub.serial);
      for (const p of products) expect(structure?.devices[p.deviceId]?.linkId).toBe(hub.hubId);
    }
  });
  it('lists each WiFi link with its owner’s e-mail, as the full generation has it', () => {
    const full = [...customers({ seed: 2, customers: 50 })].flatMap((c) => c.gen1.wfls);
    const lean = [...wflsOf({ seed: 2, customers: 50 })];
    expect(lean.map(({ email: _, ...wfl }) => wfl)).toEqual(full);
    expect(lean.every((w) => w.email.includes('@'))).toBe(true);
  });
});
