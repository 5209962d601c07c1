import { transaction } from '@console/kit';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Document, ObjectId } from 'mongodb';
import type pg from 'pg';
import type { ReadModel, TableRows } from './models.ts';

/** Documents read and written per round trip. */
const BATCH = 1000;
/** Documents a follow reads per round trip (on FerretDB each one decodes the collection). */
const FOLLOW_BATCH = 5000;

/** Upserts the rows into their table in one statement (`jsonb_to_recordset` types each column). */
export async function upsert(client: pg.ClientBase, t: TableRows): Promise<void> {
  if (t.rows.length === 0) return;
  const cols = Object.keys(t.columns);
  const defs = cols.map((c) => `${c} ${t.columns[c]}`).join(', ');
  const updates = cols.filter((c) => c !== t.key).map((c) => `${c} = excluded.${c}`);
  await client.query(
    `insert into ${t.table} (${cols.join(', ')})
     select ${cols.join(', ')} from jsonb_to_recordset($1::jsonb) as x(${defs})
     on conflict (${t.key}) do update set ${updates.join(', ')}`,
    [JSON.stringify(t.rows)],
  );
}

export interface SyncDeps {
  db: Db;
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** `maxTimeMS` of one background read (a first build's batch, a follow). */
  readMaxMs: number;
}

/** Writes a batch of documents and moves the model's cursor to the newest `_id`, in one transaction. */
async function write(deps: SyncDeps, model: ReadModel, docs: Document[], built: boolean): Promise<void> {
  const newest = docs.reduce<ObjectId | null>((m, d) => {
    const id = d._id instanceof ObjectId ? d._id : null;
    return id && (!m || id.toHexString() > m.toHexString()) ? id : m;
  }, null);
  await transaction(deps.pool, async (client) => {
    for (const t of model.rows(docs)) await upsert(client, t);
    await client.query(
      `insert into rm_cursor (model, last_id, built_at, written) values ($1, $2, $3, $4)
       on conflict (model) do update set
         last_id = greatest(rm_cursor.last_id, excluded.last_id),
         built_at = coalesce(rm_cursor.built_at, excluded.built_at),
         written = rm_cursor.written + excluded.written`,
      [model.name, newest?.toHexString() ?? null, built ? new Date() : null, docs.length],
    );
  });
}

export interface CursorRow {
  model: string;
  last_id: string | null;
  swept_id: string | null;
  built_at: Date | null;
  written: string;
}

export async function cursorOf(pool: pg.Pool, model: string): Promise<CursorRow | undefined> {
  const r = await pool.query<CursorRow>('select * from rm_cursor where model = $1', [model]);
  return r.rows[0];
}

/**
 * The first build: one pass over the collection, a single cursor with no filter and no sort read
 * in batches (FerretDB streams it: each batch costs the same however far the pass has gone), the
 * only whole read a model makes. Each batch is written while the next is read. A build cut short
 * (null) starts that model again from the beginning (one more pass, never a page-by-page re-read);
 * its rows are upserts, so nothing doubles, and the models already built stay built.
 */
export async function build(
  deps: SyncDeps,
  model: ReadModel,
  stopped: () => boolean,
): Promise<number | null> {
  const cursor = deps.db
    .collection(model.collection)
    .find({}, { projection: model.projection, batchSize: BATCH });
  let docs: Document[] = [];
  let n = 0;
  let writing: Promise<void> = Promise.resolve();
  try {
    for await (const d of cursor) {
      if (stopped()) {
        await cursor.close();
        return null;
      }
      docs.push(d);
      if (docs.length >= BATCH) {
        const full = docs;
        docs = [];
        await writing;
        writing = write(deps, model, full, false);
        // Awaited at the next batch or at the end; handled now so a failure while the next
        // batch is read is not an unhandled rejection.
        writing.catch(() => undefined);
        n += full.length;
      }
    }
  } finally {
    await writing;
  }
  await write(deps, model, docs, true);
  return n + docs.length;
}

/**
 * Follows the collection: the documents whose `_id` is above the cursor, in
 * `_id` order, a batch at a time. On MongoDB each batch is a range read of the `_id` index, so
 * the cost grows with what was added; FerretDB 1.24 pushes no range down and decodes the
 * collection for each batch (docs/read-models.md), which is why the plugin spaces the follows by
 * their cost.
 */
export async function follow(deps: SyncDeps, model: ReadModel, lastId: string | null): Promise<number> {
  let from = lastId ? new ObjectId(lastId) : null;
  let n = 0;
  for (;;) {
    const docs = await deps.db
      .collection(model.collection)
      .find(from ? { _id: { $gt: from } } : {}, { projection: model.projection, maxTimeMS: deps.readMaxMs })
      .sort({ _id: 1 })
      .limit(FOLLOW_BATCH)
      .toArray();
    if (docs.length === 0) return n;
    await write(deps, model, docs, true);
    n += docs.length;
    if (docs.length < FOLLOW_BATCH) return n;
    from = docs.at(-1)?._id as ObjectId;
  }
}
