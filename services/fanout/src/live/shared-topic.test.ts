import { describe, expect, it } from 'vitest';
import type { LiveEntry } from './entry.ts';
import { Topic } from './shared-topic.ts';
import type { Source } from './sources/source.ts';

const source: Source = {
  epoch: 'e1',
  start: async () => ({ history: [], liveFrom: 1 }),
  stop: async () => undefined,
};

/** An entry whose JSON is `size` characters long. */
function entry(offset: number, size = 10): LiveEntry {
  const json = `{"o":${offset}${' '.repeat(Math.max(0, size - 7 - String(offset).length))}}`;
  return { offset, kind: 'message', json, malformed: false };
}

const offsets = (list: LiveEntry[] | null) => list?.map((e) => e.offset) ?? null;

describe("a topic's ring", () => {
  it('holds at most its count of the newest entries, and knows what it no longer covers', () => {
    const t = new Topic('hub:1', source, 5);
    t.seed([], 1);
    for (let o = 1; o <= 12; o++) t.push(entry(o));
    expect(t.size).toBe(5);
    expect(offsets(t.latest(100, null))).toEqual([8, 9, 10, 11, 12]);
    expect(offsets(t.since(7))).toEqual([8, 9, 10, 11, 12]);
    // Offset 7 itself was evicted: a resume after 6 cannot be answered from the ring.
    expect(t.since(6)).toBeNull();
  });

  it('is bounded by the bytes of its entries too, keeping the newest one however large', () => {
    const t = new Topic('hub:1', source, 500, true, 100);
    t.seed([], 1);
    for (let o = 1; o <= 10; o++) t.push(entry(o, 30));
    expect(offsets(t.latest(100, null))).toEqual([8, 9, 10]);
    t.push(entry(11, 400));
    expect(offsets(t.latest(100, null))).toEqual([11]);
    expect(offsets(t.since(10))).toEqual([11]);
    expect(t.since(9)).toBeNull();
  });

  it('keeps order and contents over many evictions (the emptied slots are compacted away)', () => {
    const t = new Topic('hub:1', source, 50);
    t.seed([entry(1), entry(2)], 3);
    for (let o = 3; o <= 10_000; o++) t.push(entry(o));
    expect(t.push(entry(10_000))).toBe(false); // a repeat
    expect(t.size).toBe(50);
    expect(offsets(t.latest(3, (e) => e.offset % 2 === 0))).toEqual([9996, 9998, 10_000]);
    expect(offsets(t.since(9990))).toEqual(Array.from({ length: 10 }, (_, i) => 9991 + i));
  });
});
