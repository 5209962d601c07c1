import type {
  Gen2SearchResult,
  HubDoc,
  Overview,
  ProductDoc,
  StructureDetail,
  Suggestion,
  UserDoc,
} from '@console/contracts';
import { hubIdHex } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, failure, useSearch } from './harness.ts';

const { h, support } = useSearch();
let owner: UserDoc;
const search = async (body: Record<string, unknown>) =>
  data<Gen2SearchResult>(await h.call('search.supportPlusSearch', { caller: support(), body }));

beforeAll(async () => {
  owner = (await h.db
    .collection<UserDoc>('users')
    .findOne({ 'rootGroupIds.0': { $exists: true } })) as UserDoc;
});

describe('the Support Plus search', () => {
  it("searches e-mail only when the text has '@', in any case, with the user's structures", async () => {
    const r = await search({ text: `  ${owner.email.toUpperCase()} ` });
    expect(r).toMatchObject({ mode: 'email', loosened: false });
    expect(r.users.map((u) => u.userId)).toEqual([owner.userId]);
    expect(r.users[0]?.matchedBy).toBe('email');
    expect(r.structures.map((s) => s.rootGroupId).sort()).toEqual([...owner.rootGroupIds].sort());
    expect(r.totalStructures).toBe(owner.rootGroupIds.length);
  });

  it('finds by userId, rootGroupId, and hub id in decimal or as bc + hex', async () => {
    expect((await search({ text: owner.userId })).users[0]?.userId).toBe(owner.userId);
    const rg = owner.rootGroupIds[0] as string;
    const byRoot = await search({ text: rg });
    expect(byRoot.structures.map((s) => s.rootGroupId)).toContain(rg);
    expect(byRoot.users.map((u) => u.userId)).toContain(owner.userId);
    const hub = (await h.db.collection<HubDoc>('hubs').findOne({ rootGroupId: rg })) as HubDoc;
    for (const text of [String(hub.hubId), hubIdHex(hub.hubId), hubIdHex(hub.hubId).toUpperCase()]) {
      const r = await search({ text });
      expect(r.hubId, text).toBe(hub.hubId);
      expect(r.structures.find((s) => s.rootGroupId === rg)?.matchedBy).toBe('hubId');
    }
  });

  it('searches products only when asked, and only the fields chosen', async () => {
    const p = (await h.db
      .collection<ProductDoc>('products')
      .findOne({ productCode: { $ne: 'L2' } })) as ProductDoc;
    expect((await search({ text: p.serial.toLowerCase() })).structures).toEqual([]);
    const r = await search({ text: p.serial.toLowerCase(), products: true });
    const hit = r.structures.find((s) => s.rootGroupId === p.rootGroupId);
    expect(hit?.matchedBy).toBe('product');
    expect(hit?.products.map((x) => x.deviceId)).toContain(p.deviceId);
    expect(r.users.length).toBeGreaterThan(0);
    const nameOnly = await search({ text: p.serial, products: true, productFields: ['name'] });
    expect(nameOnly.structures.some((s) => s.products.some((x) => x.deviceId === p.deviceId))).toBe(false);
  });

  it('retries with a looser match when no user is found, and says so', async () => {
    const start = await search({ text: owner.userId.slice(0, 14) });
    expect(start.loosened).toBe(true);
    expect(start.users.map((u) => u.userId)).toContain(owner.userId);
    const local = owner.email.split('@')[0] as string;
    const middle = await search({ text: local.slice(3, 12) });
    expect(middle.loosened).toBe(true);
    expect(middle.users.map((u) => u.email)).toContain(owner.email);
    const exact = await search({ text: owner.email });
    expect(exact.loosened).toBe(false);
    const none = await search({ text: 'zzzz-nobody-zzzz' });
    expect(none).toMatchObject({ loosened: true, users: [], structures: [] });
    expect(
      failure(await h.call('search.supportPlusSearch', { caller: support(), body: { text: '  ' } }))
        .statusCode,
    ).toBe(400);
  });

  it("'Migrated' lists the structures holding migrated products", async () => {
    const migrated = await h.db
      .collection<ProductDoc>('products')
      .distinct('rootGroupId', { migrated: true });
    const r = await search({ text: '', migrated: true, limit: 100 });
    expect(r.mode).toBe('migrated');
    expect(r.totalStructures).toBe(migrated.length);
    expect(r.structures.every((s) => migrated.includes(s.rootGroupId))).toBe(true);
  });

  it('suggests for the Support Plus bar from three characters', async () => {
    const s = data<Suggestion[]>(
      await h.call('search.supportPlusAutocomplete', {
        caller: support(),
        params: { text: owner.email.slice(0, 4) },
      }),
    );
    expect(s.map((x) => x.value)).toContain(owner.email);
    expect(s.length).toBeLessThanOrEqual(10);
    expect(
      failure(await h.call('search.supportPlusAutocomplete', { caller: support(), params: { text: 'ab' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the structure detail and the overview', () => {
  it('shows a structure with its users, hubs, categories and warnings', async () => {
    const bad = (await h.db
      .collection<ProductDoc>('products')
      .findOne({ serial: { $regex: '^BC2B2[5-9A-D]' } })) as ProductDoc;
    const d = data<StructureDetail>(
      await h.call('search.structure', { caller: support(), params: { rootGroupId: bad.rootGroupId } }),
    );
    expect(d.structure.rootGroupId).toBe(bad.rootGroupId);
    expect(d.hubs.length).toBeGreaterThan(0);
    expect(d.users.length).toBeGreaterThan(0);
    const card = d.devices.flatMap((c) => c.devices).find((x) => x.deviceId === bad.deviceId);
    expect(card).toMatchObject({ badBatch: true, badBatchLabel: 'Serial is from L42MK3 initial batch' });
    expect(d.devices.map((c) => c.category)[0]).toBe('linkPlus');
    expect(
      failure(await h.call('search.structure', { caller: support(), params: { rootGroupId: 'nope-nope' } }))
        .statusCode,
    ).toBe(404);
  });

  it('counts links and lists those in error state, locked and with no root', async () => {
    const hubs = h.db.collection<HubDoc>('hubs');
    const o = data<Overview>(await h.call('search.overview', { caller: support() }));
    expect(o.counts.links).toBe(await hubs.countDocuments({}));
    expect(o.errorState.total).toBe(await hubs.countDocuments({ errorState: true }));
    expect(o.locked.total).toBe(await hubs.countDocuments({ 'lock.locked': true }));
    expect(o.noRoot.total).toBe(await hubs.countDocuments({ rootGroupId: null }));
    expect(o.errorState.links.every((l) => l.hubIdHex === hubIdHex(l.hubId))).toBe(true);
    expect(o.indexedAt).not.toBeNull();
    const total = data<{ count: number }>(await h.call('search.totalLinks', { caller: support() }));
    expect(total.count).toBe(o.counts.links);
  });
});
