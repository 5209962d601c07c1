import type pg from 'pg';

/** Runs `fn` in one transaction on one connection: committed if it returns, rolled back if it throws. */
export async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const out = await fn(client);
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * The rows of `sql` through a server-side cursor, `page` rows at a time, in one read-only
 * transaction on one connection (released, rolled back if unfinished, when the reader stops).
 */
export async function* cursorPages<R>(
  pool: pg.Pool,
  sql: string,
  params: unknown[],
  page: number,
): AsyncGenerator<R[]> {
  const client = await pool.connect();
  let done = false;
  try {
    await client.query('begin read only');
    await client.query(`declare page_cursor no scroll cursor for ${sql}`, params);
    for (;;) {
      const { rows } = await client.query(`fetch ${page} from page_cursor`);
      if (rows.length > 0) yield rows as R[];
      if (rows.length < page) break;
    }
    await client.query('commit');
    done = true;
  } finally {
    if (!done) await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
