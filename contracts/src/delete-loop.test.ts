import { describe, expect, it } from 'vitest';
import { type DeleteBatch, DeleteLoop } from './delete-loop.ts';

/** A store of `n` records that a batch empties `limit` at a time. */
function store(n: number, limit: number, errorsAt: number[] = []) {
  let left = n;
  let calls = 0;
  return {
    get left() {
      return left;
    },
    runBatch: async (): Promise<DeleteBatch> => {
      calls++;
      const deleted = Math.min(limit, left);
      left -= deleted;
      return { deleted, errors: errorsAt.includes(calls) ? ['audit not recorded'] : [] };
    },
  };
}

describe('the repeated delete loop', () => {
  it('runs batches until one deletes nothing, keeping the running total', async () => {
    const s = store(25, 10);
    const totals: number[] = [];
    const loop = new DeleteLoop({
      runBatch: s.runBatch,
      waitMs: 5,
      onBatch: (_b, total) => totals.push(total),
    });
    expect(await loop.done).toBe('finished');
    expect(totals).toEqual([10, 20, 25, 25]);
    expect(loop.batches).toBe(4);
    expect(s.left).toBe(0);
  });

  it('keeps going after an empty batch that reported an error', async () => {
    const s = store(0, 10, [1]);
    const loop = new DeleteLoop({ runBatch: s.runBatch, waitMs: 5 });
    expect(await loop.done).toBe('finished');
    expect(loop.batches).toBe(2);
  });

  it('stops on Stop during the wait, without another batch', async () => {
    const s = store(100, 10);
    const loop = new DeleteLoop({ runBatch: s.runBatch, waitMs: 60_000, onBatch: () => loop.stop() });
    expect(await loop.done).toBe('stopped');
    expect({ batches: loop.batches, left: s.left, running: loop.running }).toEqual({
      batches: 1,
      left: 90,
      running: false,
    });
  });

  it('ends as failed when a batch throws', async () => {
    const loop = new DeleteLoop({
      runBatch: async () => {
        throw new Error('503');
      },
    });
    expect(await loop.done).toBe('failed');
  });
});
