import { afterAll, beforeAll } from 'vitest';

/**
 * Starts `start()` before the file's tests and closes it after them, and hands back a stand-in
 * that reads through to what was started: `const h = useSuite(startAuth)` replaces the
 * `let h; beforeAll(…); afterAll(…)` lines every test file would repeat. Reading it before
 * `beforeAll` has finished throws.
 */
export function useSuite<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) throw new Error(`the suite's harness is not started yet (reading ${String(key)})`);
      const value = Reflect.get(started, key, started);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
