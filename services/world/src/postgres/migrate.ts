import { runMigrations } from '@console/kit';
import type pg from 'pg';
import { restoreIndexes } from './bulk.ts';
import { WORLD_MIGRATIONS } from './migrations.ts';

/**
 * Applies the missing world migrations with the kit's runner (one transaction under an advisory
 * lock, recorded in world_migrations), so loaders, the demo seed and services starting at once
 * apply each exactly once and none sees half a schema. Returns the names applied (none when the
 * schema is current). Also rebuilds any index a bulk load parked and never restored.
 */
export async function migrateWorld(pool: pg.Pool): Promise<string[]> {
  const applied = await runMigrations(pool, 'world', WORLD_MIGRATIONS);
  // Indexes a bulk load parked and could not rebuild (it stopped half way) come back here.
  const client = await pool.connect();
  try {
    await restoreIndexes(client);
  } finally {
    client.release();
  }
  return applied;
}
