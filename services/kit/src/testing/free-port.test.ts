import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const held: Server[] = [];
const hold = (port: number) =>
  new Promise<void>((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(port, '127.0.0.1', () => res());
    held.push(s);
  });
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('freePort', () => {
  it('gives each vitest worker ports from its own block below the kernel’s ephemeral range', async () => {
    const pool = Number(process.env.VITEST_POOL_ID);
    expect(pool).toBeGreaterThanOrEqual(1);
    const base = 20_000 + (pool - 1) * 600;
    const ports = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    for (const p of ports) {
      expect(p).toBeGreaterThanOrEqual(base);
      expect(p).toBeLessThan(base + 600);
    }
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('skips a port something else is listening on', async () => {
    const first = await freePort();
    // The next port in the block is now taken by another listener: freePort must not return it.
    const pool = Number(process.env.VITEST_POOL_ID);
    const base = 20_000 + (pool - 1) * 600;
    const taken = base + ((first - base + 1) % 600);
    await hold(taken);
    const got = await freePort();
    expect(got).not.toBe(taken);
    await hold(got); // and it really is free
  });
});
