import {
  grownDocId,
  grownGen1Ids,
  hubIdFromSearch,
  hubIdHex,
  isBadBatchSerial,
  normalizeMac,
} from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { ID_BLOCK, rowId } from './gen1/types.ts';
import * as ids from './ids.ts';
import { docId } from './mongo/insert.ts';
import { Rng } from './rng.ts';

describe('generated ids', () => {
  it('permutes without collisions', () => {
    const seen24 = new Set<number>();
    const seen32 = new Set<number>();
    for (let n = 0; n < 50_000; n++) {
      seen24.add(ids.permute24(n, 7));
      seen32.add(ids.permute32(n, 7));
    }
    expect(seen24.size).toBe(50_000);
    expect(seen32.size).toBe(50_000);
    for (const v of seen24) expect(v).toBeLessThan(2 ** 24);
  });
  it('gives every customer its own hub ids, read back from their hex when in the bc range', () => {
    const hubs = new Set<number>();
    for (let c = 0; c < 20_000; c++)
      for (let s = 0; s < ids.HUB_SLOTS; s++) hubs.add(ids.hubId(1, c, s, 0xbc));
    expect(hubs.size).toBe(20_000 * ids.HUB_SLOTS);
    const id = ids.hubId(1, 123, 0, 0xbc);
    expect(hubIdFromSearch(hubIdHex(id))).toBe(id);
    expect(hubIdFromSearch(hubIdHex(ids.hubId(1, 123, 0, 0xbd)))).toBeNull();
  });
  it('makes well-formed MACs, with the vendor prefix unless another brand is asked for', () => {
    const rng = new Rng(1);
    const vendor = ids.mac(1, 5, 0, null, rng);
    expect(vendor).toMatch(/^74:0A:BC(:[0-9A-F]{2}){3}$/);
    expect(normalizeMac(vendor)).toBe(vendor);
    expect(ids.mac(1, 5, 0, 0x12, rng)).toMatch(/^12(:[0-9A-F]{2}){5}$/);
    expect(ids.mac(1, 5, 1, null, rng)).not.toBe(vendor);
  });
  it('makes serials unique and never accidentally bad-batch; bad-batch ones on request', () => {
    const serials = new Set<string>();
    for (let c = 0; c < 5_000; c++) for (let s = 0; s < 20; s++) serials.add(ids.serial(1, c, s, 2));
    expect(serials.size).toBe(100_000);
    for (const s of serials) expect(isBadBatchSerial(s)).toBe(false);
    const rng = new Rng(3);
    for (let i = 0; i < 100; i++) expect(isBadBatchSerial(ids.badBatchSerial(rng))).toBe(true);
  });
  it('shapes object ids like Mongo ObjectIds, time first', () => {
    const at = new Date(Date.UTC(2024, 0, 1));
    const id = ids.objectIdHex(1, at, 42, ids.ID_KIND.user, 0, new Rng(1));
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(at.getTime() / 1000);
    expect(ids.objectIdHex(1, at, 42, ids.ID_KIND.structure, 0, new Rng(1))).not.toBe(id);
  });
});

describe("the growth's ids, as the statistics tell them apart", () => {
  it('the upper half of the customer numbers, and the Gen1 rows and documents made from them', () => {
    expect(ids.GROWTH_FIRST).toBe(ids.MAX_CUSTOMERS / 2);
    for (const [kind, block] of [
      ['commandQueue', 'command'],
      ['wfls', 'wfl'],
    ] as const) {
      const range = grownGen1Ids(kind);
      expect(rowId(ids.GROWTH_FIRST, block, 0)).toBe(range.from);
      expect(rowId(ids.GROWTH_FIRST - 1, block, ID_BLOCK[block] - 1)).toBe(range.from - 1);
      expect(rowId(ids.MAX_CUSTOMERS - 1, block, ID_BLOCK[block] - 1)).toBe(range.to);
    }
    const at = 1_767_225_600;
    expect(grownDocId(docId(at, ids.GROWTH_FIRST, 7, 0).toHexString())).toBe(true);
    expect(grownDocId(docId(at, ids.MAX_CUSTOMERS - 1, 7, 3).toHexString())).toBe(true);
    expect(grownDocId(docId(at, ids.GROWTH_FIRST - 1, 7, 0).toHexString())).toBe(false);
    expect(grownDocId('not an id')).toBe(false);
  });
});
