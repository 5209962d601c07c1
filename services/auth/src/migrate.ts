import { migrationsDir, readMigrations, runMigrations } from '@console/kit';
import type pg from 'pg';

/** auth's schema: the `.sql` files of `services/auth/migrations/`, applied by the kit's runner. */
export const AUTH_MIGRATIONS = migrationsDir(import.meta.url);

/** For scripts that make the schema without starting the service (the demo seed). */
export function migrate(pool: pg.Pool): Promise<string[]> {
  return runMigrations(pool, 'auth', readMigrations(AUTH_MIGRATIONS));
}
