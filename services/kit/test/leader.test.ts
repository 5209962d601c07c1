import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderLoop } from '../src/leader.ts';
import { infraEnv, type ScratchPostgres, scratchPostgres } from '../src/testing.ts';

// LeaderLoop on a real Postgres: two instances share one advisory lock and take turns; a failure
// is logged once however often it repeats; stop() ends a pause at once.
let pg: ScratchPostgres;
beforeAll(async () => {
  pg = await scratchPostgres(infraEnv().DATABASE_URL, 'leader', 4);
});
afterAll(async () => pg?.drop());

function recordingLog() {
  const warned: string[] = [];
  const log = { warn: (_o: unknown, msg: string) => warned.push(msg) } as never;
  return { log, warned };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('LeaderLoop', () => {
  it('runs one instance at a time; the other takes over when the leader gives the lock up', async () => {
    const { log } = recordingLog();
    let inside = 0;
    let most = 0;
    const turns: string[] = [];
    const loops = ['a', 'b'].map(
      (name) =>
        new LeaderLoop({
          pool: pg.pool,
          lock: 'leader-test.turns',
          retryMs: 30,
          log,
          failure: 'failed',
          work: async () => {
            inside++;
            most = Math.max(most, inside);
            turns.push(name);
            await new Promise((r) => setTimeout(r, 60));
            inside--;
          },
        }),
    );
    for (const l of loops) l.start();
    expect(await until(() => new Set(turns).size === 2 && turns.length >= 6)).toBe(true);
    await Promise.all(loops.map((l) => l.stop()));
    expect(most).toBe(1);
    expect(loops.every((l) => !l.leading)).toBe(true);
  });

  it('logs a repeated failure once, a different one again, and stops at once during a long pause', async () => {
    const { log, warned } = recordingLog();
    let calls = 0;
    const loop = new LeaderLoop({
      pool: pg.pool,
      lock: 'leader-test.failures',
      retryMs: 10,
      log,
      failure: 'work failed; retrying',
      work: async () => {
        calls++;
        throw new Error(calls < 4 ? 'the same' : 'another');
      },
    });
    loop.start();
    expect(await until(() => calls >= 5)).toBe(true);
    await loop.stop();
    expect(warned).toEqual(['work failed; retrying', 'work failed; retrying']);

    const slow = new LeaderLoop({
      pool: pg.pool,
      lock: 'leader-test.slow',
      retryMs: 60_000,
      log,
      failure: 'failed',
      work: async () => undefined,
    });
    slow.start();
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    await slow.stop();
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
