import type pg from 'pg';
import { withJitOff } from './plugins/postgres.ts';

/**
 * How long a request's store work may run: below the gateway's 10 s wait (its
 * `REQUEST_TIMEOUT_MS`), so a query whose caller has been answered 504 is stopped by its store
 * rather than running on. Neither FerretDB nor Postgres stops a query when its client goes away;
 * a deadline the caller sets is the only thing that does (issue 28: scans ran for minutes).
 */
export const REQUEST_DEADLINE_MS = 8_000;

/** Mongo find/aggregate/count options that make the server stop the query at the deadline. */
export const withinDeadline = (ms: number = REQUEST_DEADLINE_MS) => ({ maxTimeMS: ms });

/**
 * A Postgres pool for a service's request reads: the server cancels any statement of it after
 * `ms` (`statement_timeout`, set when each connection opens), whoever waits for it.
 */
export async function deadlinePool(
  url: string,
  opts: { ms?: number; max?: number; onError: (err: Error) => void },
): Promise<pg.Pool> {
  const { default: driver } = await import('pg');
  const pool = new driver.Pool({
    connectionString: withJitOff(url, { statement_timeout: String(opts.ms ?? REQUEST_DEADLINE_MS) }),
    max: opts.max ?? 5,
  });
  // A connection lost while idle or held must not end the process (see the kit's postgres plugin).
  pool.on('error', opts.onError);
  pool.on('connect', (client) => client.on('error', opts.onError));
  return pool;
}
