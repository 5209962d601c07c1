import { describe, expect, it } from 'vitest';
import { containerEngine, startContainerStores, storeSource } from '../support/containers.ts';

// Which stores the suite runs against (tests/support/containers.ts). On a machine with a container
// engine the global setup starts real MongoDB 7, PostgreSQL and Redis; here, without one, it must
// fall back to the project's own stores, and TEST_STORES=containers must refuse rather than pretend.
describe('test stores', () => {
  it('reads TEST_STORES and refuses an unknown value', () => {
    expect(storeSource(undefined)).toBe('auto');
    expect(storeSource('')).toBe('auto');
    expect(storeSource('containers')).toBe('containers');
    expect(storeSource('project')).toBe('project');
    expect(() => storeSource('docker')).toThrow(/auto, containers or project/);
  });

  it('never starts containers when told to use the project stores', async () => {
    await expect(startContainerStores('project')).resolves.toBeUndefined();
  });

  it('falls back to the project stores without an engine, and refuses when containers are required', async (ctx) => {
    if (await containerEngine()) ctx.skip(); // this machine has an engine: the global setup used it
    await expect(startContainerStores('auto')).resolves.toBeUndefined();
    await expect(startContainerStores('containers')).rejects.toThrow(/no container engine/);
  });
});
