import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/** Ports each vitest worker picks from: its own block below the kernel's ephemeral range (32768+). */
const BLOCK = 600;
const FIRST = 20_000;
const MAX_WORKERS = Math.floor((32_768 - FIRST) / BLOCK);
let next = -1;

/**
 * A TCP port free on 127.0.0.1 right now, for a listener a test starts itself (often in another
 * process, a moment later).
 *
 * Asking the kernel for port 0 and closing it again leaves a window in which another test file,
 * running at the same time in another worker, can be handed the same port and bind it first; a
 * stack's readiness probe then talks to the wrong service. So inside vitest each worker
 * (`VITEST_POOL_ID`) takes ports from its own block of 600, which neither the kernel's ephemeral
 * allocation nor another worker uses; a port something else holds is skipped. Outside vitest (the
 * benchmarks, scripts) the kernel picks.
 */
export async function freePort(): Promise<number> {
  const pool = Number(process.env.VITEST_POOL_ID);
  if (!Number.isInteger(pool) || pool < 1 || pool > MAX_WORKERS) return listenOn(0);
  const base = FIRST + (pool - 1) * BLOCK;
  // A random start, so a worker's next test file (modules are loaded afresh) does not retry the
  // ports the previous file's processes may still be letting go of.
  if (next < 0) next = randomInt(BLOCK);
  for (let i = 0; i < BLOCK; i++) {
    const port = base + (next++ % BLOCK);
    const got = await listenOn(port).catch(() => 0);
    if (got) return got;
  }
  return listenOn(0);
}

function listenOn(port: number): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(port, '127.0.0.1', () => {
      const { port: bound } = s.address() as { port: number };
      s.close(() => res(bound));
    });
  });
}
