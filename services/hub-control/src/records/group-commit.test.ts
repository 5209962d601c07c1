import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

describe('GroupCommit', () => {
  it('writes what arrives together in one batch, and what arrives during a write in the next', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const g = new GroupCommit<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
    });
    const first = [g.add(1), g.add(2)];
    await new Promise((r) => setImmediate(r));
    const second = [g.add(3), g.add(4), g.add(5)];
    release();
    await Promise.all([...first, ...second]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('fails every caller of a failed batch, and carries on with the next', async () => {
    let calls = 0;
    const g = new GroupCommit<number>(async () => {
      calls++;
      if (calls === 1) throw new Error('store down');
    });
    await expect(Promise.all([g.add(1), g.add(2)])).rejects.toThrow('store down');
    await expect(g.add(3)).resolves.toBeUndefined();
  });

  it('gathers for its linger, and a flush (on close) writes what is waiting without the rest of it', async () => {
    const batches: number[][] = [];
    const g = new GroupCommit<number>(async (items) => void batches.push(items), 500, 60_000);
    const added = [g.add(1), g.add(2), g.add(3)];
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toEqual([]);
    await g.flush();
    await Promise.all(added);
    expect(batches).toEqual([[1, 2, 3]]);
    await g.flush();
    expect(batches).toHaveLength(1);
  });

  it('writes a full batch at once, without waiting for the linger', async () => {
    const batches: number[][] = [];
    const g = new GroupCommit<number>(async (items) => void batches.push(items), 2, 60_000);
    await Promise.all([g.add(1), g.add(2)]);
    expect(batches).toEqual([[1, 2]]);
  });
});
