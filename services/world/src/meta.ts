import type pg from 'pg';

/** What world the databases hold: one row, written by the loader (world_meta). */
export interface WorldMeta {
  seed: number;
  /** Customers written to both stores (while loading: how far the load got). */
  customers: number;
  histories: boolean;
  status: 'loading' | 'loaded';
  /** The world's now (ms): its first load's time. Null for a world on the generator's reference clock (loaded before worlds had one). */
  now: number | null;
}

export async function readMeta(pool: pg.Pool | pg.PoolClient): Promise<WorldMeta | null> {
  const { rows } = await pool.query<{
    seed: string;
    customers: number;
    histories: boolean;
    status: WorldMeta['status'];
    world_now: Date | null;
  }>('select seed, customers, histories, status, world_now from world_meta where id = 1');
  const r = rows[0];
  return r
    ? {
        seed: Number(r.seed),
        customers: r.customers,
        histories: r.histories,
        status: r.status,
        now: r.world_now ? r.world_now.getTime() : null,
      }
    : null;
}

export async function writeMeta(pool: pg.Pool | pg.PoolClient, meta: WorldMeta): Promise<void> {
  await pool.query(
    `insert into world_meta (id, seed, customers, histories, status, world_now, updated)
     values (1, $1, $2, $3, $4, $5, now())
     on conflict (id) do update set seed = $1, customers = $2, histories = $3, status = $4, world_now = $5, updated = now()`,
    [meta.seed, meta.customers, meta.histories, meta.status, meta.now === null ? null : new Date(meta.now)],
  );
}

/** The databases hold a world this load cannot simply add to. */
export class WorldStateError extends Error {
  readonly meta: WorldMeta | null;
  constructor(message: string, meta: WorldMeta | null) {
    super(message);
    this.meta = meta;
    this.name = 'WorldStateError';
  }
}
