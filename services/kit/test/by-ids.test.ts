import type { Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BY_IDS_MAX, findByIds } from '../src/by-ids.ts';
import { infraEnv, type ScratchMongo, scratchMongo } from '../src/testing.ts';

// findByIds on the real Mongo-compatible server: the same documents as one `$in`, whether it asks
// one id at a time (a short list) or with one `$in` (a list longer than BY_IDS_MAX).
let m: ScratchMongo;
const N = 1400;
beforeAll(async () => {
  m = await scratchMongo(infraEnv().MONGO_URL, { base: 'byids' });
  // Two documents per group: `g` a string id, `n` a number id.
  await m.db
    .collection('things')
    .insertMany(Array.from({ length: N }, (_, i) => ({ g: `g${i >> 1}`, n: 1000 + (i >> 1), i })));
});
afterAll(async () => m?.drop());

const read = async (field: string, ids: readonly (string | number)[]) => {
  const got: Document[] = [];
  await findByIds(m.db.collection('things'), field, ids, { _id: 0, i: 1 }, (d) => got.push(d));
  return got.map((d) => d.i as number).sort((a, b) => a - b);
};
const withIn = async (field: string, ids: readonly (string | number)[]) =>
  (
    await m.db
      .collection('things')
      .find({ [field]: { $in: [...ids] } })
      .toArray()
  )
    .map((d) => d.i as number)
    .sort((a, b) => a - b);

describe('reading documents by a list of ids', () => {
  it('finds what $in finds for a short list, each document once, ids repeated or unknown', async () => {
    const ids = ['g3', 'g10', 'g3', 'nope', 'g699'];
    expect(await read('g', ids)).toEqual(await withIn('g', ids));
    expect(await read('g', ids)).toEqual([6, 7, 20, 21, 1398, 1399]);
    expect(await read('n', [1000, 1001, 1001, 5])).toEqual([0, 1, 2, 3]);
    expect(await read('g', [])).toEqual([]);
  });

  it('finds what $in finds for a list longer than BY_IDS_MAX', async () => {
    const ids = Array.from({ length: BY_IDS_MAX + 100 }, (_, k) => `g${k}`);
    const got = await read('g', ids);
    expect(got).toHaveLength(2 * (BY_IDS_MAX + 100));
    expect(got).toEqual(await withIn('g', ids));
  });
});
