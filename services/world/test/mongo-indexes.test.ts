import { COLLECTIONS } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { ensureIndexes, MONGO_INDEXES } from '../src/index.ts';
import { openWorld } from './harness.ts';

const w = useSuite(() => openWorld());

describe('the Gen2 indexes on the Mongo-compatible server', () => {
  it('are all accepted, as specified, and creating them again changes nothing', async () => {
    await ensureIndexes(w.db);
    await ensureIndexes(w.db);
    for (const name of Object.values(COLLECTIONS)) {
      const have = await w.db.collection(name).indexes();
      const wanted = MONGO_INDEXES[name];
      expect(have.length, name).toBe(wanted.length + 1);
      for (const [key, options] of wanted) {
        const found = have.find((i) => JSON.stringify(i.key) === JSON.stringify(key));
        expect(found, `${name} ${JSON.stringify(key)}`).toBeDefined();
        expect(Boolean(found?.unique), `${name} ${JSON.stringify(key)} unique`).toBe(
          Boolean(options?.unique),
        );
      }
    }
  });

  it('enforce the unique ones', async () => {
    const hubs = w.db.collection(COLLECTIONS.hubs);
    await hubs.insertOne({ hubId: 1 });
    await expect(hubs.insertOne({ hubId: 1 })).rejects.toThrow(/duplicate key/i);
  });
});
