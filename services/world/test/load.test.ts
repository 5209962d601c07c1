import {
  COLLECTIONS,
  firmwareBelow66,
  type HubDoc,
  hubIdFromSearch,
  hubIdHex,
  isBadBatchSerial,
  type ProductDoc,
  parseDeviceId,
  type StructureDoc,
  type SyncUpdateDoc,
  structureNumberOf,
  type UserDoc,
} from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWorld, readMeta, summarize, WorldStateError } from '../src/index.ts';
import { countRows, expectStoredCounts, openWorld } from './harness.ts';

const SPEC = { seed: 20250601, customers: 300 };
// Pinned: the world is the same on any day.
const SPEC_NOW = Date.UTC(2025, 5, 1);
const w = useSuite(() => openWorld());
let structures: StructureDoc[];
let hubs: HubDoc[];
let products: ProductDoc[];
let users: UserDoc[];
const expected = summarize(SPEC);

beforeAll(async () => {
  const r = await loadWorld({ pool: w.pool, db: w.db, ...SPEC, batch: 120, now: SPEC_NOW });
  expect(r.customers).toBe(300);
  const all = <T>(name: string) =>
    w.db
      .collection(name)
      .find({}, { projection: { _id: 0 } })
      .toArray() as Promise<T[]>;
  [structures, hubs, products, users] = await Promise.all([
    all<StructureDoc>(COLLECTIONS.structures),
    all<HubDoc>(COLLECTIONS.hubs),
    all<ProductDoc>(COLLECTIONS.products),
    all<UserDoc>(COLLECTIONS.users),
  ]);
}, 180_000);

const count = (sql: string) => countRows(w.pool, sql);

describe('a 300-customer world in Postgres and the Mongo-compatible server', () => {
  it('stores everything generated: rows per table and documents per collection', async () => {
    await expectStoredCounts(w, expected.counts);
    expect(await readMeta(w.pool)).toEqual({
      seed: SPEC.seed,
      customers: 300,
      histories: true,
      status: 'loaded',
      now: SPEC_NOW,
    });
  });

  it('cross-references Gen2: products, hubs and users name structures that exist', () => {
    const byRoot = new Map(structures.map((s) => [s.rootGroupId, s]));
    const userIds = new Set(users.map((u) => u.userId));
    expect(byRoot.size).toBe(structures.length);
    for (const p of products) {
      const s = byRoot.get(p.rootGroupId);
      expect(s, p.deviceId).toBeDefined();
      const id = parseDeviceId(p.deviceId);
      expect(id, p.deviceId).not.toBeNull();
      expect(id?.structure).toBe(structureNumberOf(p.rootGroupId));
      expect(id?.linkId).toBe(p.linkId);
      expect(s?.link2).toContain(p.linkId);
      expect(s?.devices[p.deviceId]?.productCode).toBe(p.productCode);
    }
    for (const h of hubs) {
      if (h.rootGroupId === null) continue;
      expect(byRoot.get(h.rootGroupId)?.link2, String(h.hubId)).toContain(h.hubId);
    }
    for (const s of structures) {
      for (const a of s.userRootAccess) expect(userIds.has(a.userId), a.userId).toBe(true);
      for (const id of s.link2) expect(hubs.some((h) => h.hubId === id)).toBe(true);
    }
    for (const u of users) for (const r of u.rootGroupIds) expect(byRoot.has(r), r).toBe(true);
  });

  it('has no-root users with their unassigned hub, and shared structures', () => {
    const noRoot = users.filter((u) => u.noRoot);
    expect(noRoot.length).toBe(expected.cases['gen2.noRoot']);
    expect(noRoot.length).toBeGreaterThan(0);
    for (const u of noRoot) {
      expect(u.rootGroupIds).toEqual([]);
      expect(hubs.find((h) => h.hubId === u.hubId)?.rootGroupId).toBeNull();
    }
    const shared = structures.filter((s) => s.userRootAccess.length > 1);
    expect(shared.length).toBe(expected.cases['gen2.sharedStructure']);
    expect(shared.length).toBeGreaterThan(0);
  });

  it('has hubs in error state (with the sync update that set it), locked hubs, and hex-searchable ids', async () => {
    const errored = hubs.filter((h) => h.errorState);
    expect(errored.length).toBeGreaterThan(0);
    const updates = (await w.db
      .collection(COLLECTIONS.syncUpdates)
      .find({ errorSyncUpdateId: { $in: errored.map((h) => h.errorSyncUpdateId) } })
      .toArray()) as unknown as SyncUpdateDoc[];
    for (const h of errored) {
      const u = updates.find((x) => x.errorSyncUpdateId === h.errorSyncUpdateId);
      expect(u?.state.subType, String(h.hubId)).toBe('errorState-is-set');
      expect(u?.linkId).toBe(h.hubId);
    }
    expect(hubs.filter((h) => h.lock.locked && h.lock.since instanceof Date).length).toBeGreaterThan(0);
    const hex = hubs.filter((h) => hubIdFromSearch(hubIdHex(h.hubId)) === h.hubId);
    expect(hex.length).toBeGreaterThan(hubs.length / 2);
    expect(hex.length).toBeLessThan(hubs.length);
  });

  it('has bad-batch serials, firmware either side of 6.6, and migrated structures', () => {
    const devices = products.filter((p) => p.productCode !== 'L2');
    expect(devices.filter((p) => isBadBatchSerial(p.serial)).length).toBeGreaterThan(0);
    expect(devices.filter((p) => firmwareBelow66(p.firmwareVersion)).length).toBeGreaterThan(0);
    expect(devices.filter((p) => !firmwareBelow66(p.firmwareVersion)).length).toBeGreaterThan(0);
    const migrated = new Set(products.filter((p) => p.migrated === true).map((p) => p.rootGroupId));
    expect(migrated.size).toBe(expected.cases['gen2.migrated']);
    expect(migrated.size).toBeGreaterThan(0);
  });

  it("has the data-quality cases: a feature's missing device, an automation's missing group", () => {
    const missingDevice = structures.filter((s) =>
      Object.values(s.features).some((f) => s.devices[f.deviceId] === undefined),
    );
    const missingGroup = structures.filter((s) =>
      Object.values(s.automations).some((a) => a.groups.some((g) => s._groups[g] === undefined)),
    );
    expect(missingDevice.length).toBe(expected.cases['gen2.missingDevice']);
    expect(missingDevice.length).toBeGreaterThan(0);
    expect(missingGroup.length).toBe(expected.cases['gen2.missingGroup']);
    expect(missingGroup.length).toBeGreaterThan(0);
  });

  it('cross-references Gen1, apart from the orphans the specification reports', async () => {
    expect(await count("select count(*) as n from wfls where mac !~ '^([0-9A-F]{2}:){5}[0-9A-F]{2}$'")).toBe(
      0,
    );
    const vendor = await count("select count(*) as n from wfls where mac like '74:0A:BC:%'");
    expect(vendor / (await count('select count(*) as n from wfls'))).toBeGreaterThan(0.8);
    expect(await count("select count(*) as n from wfls where mac not like '74:0A:BC:%'")).toBeGreaterThan(0);
    const orphans =
      'select count(*) as n from devices d where not exists (select 1 from wfls w where w.wfl_id = d.wfl_id)';
    expect(await count(orphans)).toBe(expected.cases['gen1.orphanDevice'] ?? 0);
    const plans =
      'select count(*) as n from heating_plans h where not exists (select 1 from devices d where d.device_id = h.device_id)';
    expect(await count(plans)).toBe(expected.cases['gen1.orphanHeatingPlan'] ?? 0);
    const shared =
      'select count(*) as n from (select mac from wfls group by mac having count(distinct user_id) > 1) m';
    expect(await count(shared)).toBe(expected.cases['gen1.sharedMac'] ?? 0);
    for (const type of [0, 1, 2, 9, 13]) {
      expect(
        await count(`select count(*) as n from devices where device_type_id = ${type}`),
        String(type),
      ).toBeGreaterThan(0);
    }
  });

  it('does nothing when loaded again, extends to a larger size, and refuses another seed', async () => {
    const again = await loadWorld({ pool: w.pool, db: w.db, ...SPEC });
    expect(again.skipped).toBe(true);
    const users0 = await count('select count(*) as n from users');
    const more = await loadWorld({ pool: w.pool, db: w.db, seed: SPEC.seed, customers: 330 });
    expect(more.from).toBe(300);
    expect(more.customers).toBe(30);
    const bigger = summarize({ seed: SPEC.seed, customers: 330 });
    expect(await count('select count(*) as n from users')).toBe(bigger.counts['pg.users']);
    expect(await count('select count(*) as n from users')).toBeGreaterThan(users0);
    expect(await w.db.collection(COLLECTIONS.hubs).countDocuments()).toBe(bigger.counts['mongo.hubs']);
    await expect(loadWorld({ pool: w.pool, db: w.db, seed: 1, customers: 10 })).rejects.toBeInstanceOf(
      WorldStateError,
    );
  });
});
