import { migrationsDir, readMigrations, runMigrations } from '@console/kit';
import type pg from 'pg';

/** search's own tables: the `.sql` files of `services/search/migrations/`, applied by the kit's runner. */
export const SEARCH_MIGRATIONS = migrationsDir(import.meta.url);

/** For the CLI and the benchmark, which prepare search without starting the service. */
export function migrateSearch(pool: pg.Pool): Promise<string[]> {
  return runMigrations(pool, 'search', readMigrations(SEARCH_MIGRATIONS));
}
