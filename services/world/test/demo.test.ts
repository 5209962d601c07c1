import { COLLECTIONS } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { loadDemoWorld, readMeta } from '../src/index.ts';
import { openWorld } from './harness.ts';

const w = useSuite(() => openWorld());

describe('the demo world', () => {
  it('loads once, is left alone on the next start, and is never replaced by another seed', async () => {
    const opts = { databaseUrl: w.databaseUrl, mongoUrl: w.mongoUrl, customers: 40, seed: 9 };
    expect((await loadDemoWorld(opts)).outcome).toBe('loaded');
    const hubs = await w.db.collection(COLLECTIONS.hubs).countDocuments();
    expect(hubs).toBeGreaterThan(0);

    expect((await loadDemoWorld(opts)).outcome).toBe('present');
    const other = await loadDemoWorld({ ...opts, seed: 10 });
    expect(other.outcome).toBe('other');
    expect(other.message).toMatch(/seed 9/);
    expect(await w.db.collection(COLLECTIONS.hubs).countDocuments()).toBe(hubs);
    expect(await readMeta(w.pool)).toMatchObject({ seed: 9, customers: 40, status: 'loaded' });
  });

  it('loads a world from before worlds had a now again, so that it ends now', async () => {
    await w.pool.query('update world_meta set world_now = null');
    const before = Date.now();
    const r = await loadDemoWorld({
      databaseUrl: w.databaseUrl,
      mongoUrl: w.mongoUrl,
      customers: 40,
      seed: 9,
    });
    expect(r.outcome).toBe('loaded');
    expect(r.message).toMatch(/loaded again to end now/);
    const meta = await readMeta(w.pool);
    expect(meta).toMatchObject({ seed: 9, customers: 40, status: 'loaded' });
    expect(meta?.now).toBeGreaterThanOrEqual(before - 1000);
  });

  it('resumes a load that stopped half way', async () => {
    await w.pool.query("update world_meta set status = 'loading', customers = 30");
    const hubs = await w.db.collection(COLLECTIONS.hubs).countDocuments();
    const r = await loadDemoWorld({
      databaseUrl: w.databaseUrl,
      mongoUrl: w.mongoUrl,
      customers: 40,
      seed: 9,
    });
    expect(r.outcome).toBe('loaded');
    expect(r.message).toMatch(/resumed at customer 30/);
    expect(await w.db.collection(COLLECTIONS.hubs).countDocuments()).toBe(hubs);
    expect(await readMeta(w.pool)).toMatchObject({ seed: 9, customers: 40, status: 'loaded' });
  });
});
