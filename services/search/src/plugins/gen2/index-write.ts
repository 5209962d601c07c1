import type pg from 'pg';
import { type HubRow, hexOf, type ProductRow, type StructureRow, type UserRow } from './index-rows.ts';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

// Lists travel as one joined string per row (unnest flattens arrays of arrays); ids hold no commas.
const list = (xs: readonly (string | number)[]) => xs.join(',');

/** unnest's parameters: one array per column, in the insert's column order (a field, or a value read from the row). */
const columns = <R>(rows: readonly R[], cols: (keyof R | ((r: R) => unknown))[]): unknown[][] =>
  cols.map((c) => rows.map((r) => (typeof c === 'function' ? c(r) : r[c])));

/**
 * Upserts into the Gen2 search index. `seen` marks the rows a full rebuild wrote, so the rows it
 * did not see (deleted since) can be dropped at its end.
 */
export async function upsertUsers(db: Queryable, rows: UserRow[], seen = Date.now()): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into search_g2_users (user_id, email, root_group_ids, hub_id, no_root, created_date, seen)
     select u, e, case when r = '' then '{}'::text[] else string_to_array(r, ',') end, h, n, c, $7
     from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::boolean[], $6::timestamptz[]) as t(u, e, r, h, n, c)
     on conflict (user_id) do update set email = excluded.email, root_group_ids = excluded.root_group_ids,
       hub_id = excluded.hub_id, no_root = excluded.no_root, created_date = excluded.created_date, seen = excluded.seen`,
    [
      ...columns(rows, [
        'user_id',
        'email',
        (r) => list(r.root_group_ids),
        'hub_id',
        'no_root',
        'created_date',
      ]),
      seen,
    ],
  );
}

export async function upsertStructures(
  db: Queryable,
  rows: StructureRow[],
  seen = Date.now(),
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into search_g2_structures (root_group_id, name, link2, user_ids, created_date, seen)
     select g, n, case when l = '' then '{}'::bigint[] else string_to_array(l, ',')::bigint[] end,
       case when u = '' then '{}'::text[] else string_to_array(u, ',') end, c, $6
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as t(g, n, l, u, c)
     on conflict (root_group_id) do update set name = excluded.name, link2 = excluded.link2,
       user_ids = excluded.user_ids, created_date = excluded.created_date, seen = excluded.seen`,
    [
      ...columns(rows, [
        'root_group_id',
        'name',
        (r) => list(r.link2),
        (r) => list(r.user_ids),
        'created_date',
      ]),
      seen,
    ],
  );
}

export async function upsertHubs(db: Queryable, rows: HubRow[], seen = Date.now()): Promise<void> {
  const ok = rows.filter((r) => Number.isSafeInteger(r.hub_id));
  if (ok.length === 0) return;
  await db.query(
    `insert into search_g2_hubs (hub_id, hub_hex, root_group_id, user_id, serial, error_state, locked, locked_since, created_date, seen)
     select *, $10::bigint from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[],
       $7::boolean[], $8::timestamptz[], $9::timestamptz[])
     on conflict (hub_id) do update set hub_hex = excluded.hub_hex, root_group_id = excluded.root_group_id,
       user_id = excluded.user_id, serial = excluded.serial, error_state = excluded.error_state, locked = excluded.locked,
       locked_since = excluded.locked_since, created_date = excluded.created_date, seen = excluded.seen`,
    [
      ...columns(ok, [
        'hub_id',
        (r) => hexOf(r.hub_id),
        'root_group_id',
        'user_id',
        'serial',
        'error_state',
        'locked',
        'locked_since',
        'created_date',
      ]),
      seen,
    ],
  );
}

export async function upsertProducts(db: Queryable, rows: ProductRow[], seen = Date.now()): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into search_g2_products (device_id, root_group_id, link_id, serial, name, product_code, virtual_product_code, migrated, seen)
     select *, $9::bigint from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[])
     on conflict (device_id) do update set root_group_id = excluded.root_group_id, link_id = excluded.link_id,
       serial = excluded.serial, name = excluded.name, product_code = excluded.product_code,
       virtual_product_code = excluded.virtual_product_code, migrated = excluded.migrated, seen = excluded.seen`,
    [
      ...columns(rows, [
        'device_id',
        'root_group_id',
        'link_id',
        'serial',
        'name',
        'product_code',
        'virtual_product_code',
        'migrated',
      ]),
      seen,
    ],
  );
}

/** Sets the 'Migrated' flag of the structures from their products (all of them, or these). */
export async function markMigrated(db: Queryable, rootGroupIds?: string[]): Promise<void> {
  const only = rootGroupIds ? 's.root_group_id = any($1::text[]) and' : '';
  await db.query(
    `update search_g2_structures s set migrated = not s.migrated
     where ${only} s.migrated <> exists (select 1 from search_g2_products p where p.root_group_id = s.root_group_id and p.migrated)`,
    rootGroupIds ? [rootGroupIds] : [],
  );
}

/** One structure as it is now: its row, hubs and products replaced (products no longer there dropped). */
export async function replaceStructure(
  db: Queryable,
  structure: StructureRow,
  hubs: HubRow[],
  products: ProductRow[],
): Promise<void> {
  await upsertStructures(db, [structure]);
  await upsertHubs(db, hubs);
  await db.query(
    'delete from search_g2_products where root_group_id = $1 and not (device_id = any($2::text[]))',
    [structure.root_group_id, products.map((p) => p.device_id)],
  );
  await upsertProducts(db, products);
  await markMigrated(db, [structure.root_group_id]);
}
