import { transaction } from '@console/kit';
import { type Document, ObjectId } from 'mongodb';
import type pg from 'pg';
import type { ReadModel } from './models.ts';
import { type SyncDeps, upsert } from './sync.ts';

/** Rows whose documents are read again per model and round: bounded work, whatever the world's size. */
export const SWEEP_ROWS = 200;
/** Equality reads in flight at once. */
const CONCURRENCY = 8;

const asId = (id: string) => (/^[0-9a-f]{24}$/.test(id) ? new ObjectId(id) : id);

/**
 * The model's documents with these `_id`s, each read by `_id` equality (an index read on MongoDB,
 * pushed down by FerretDB, where `$in` is not), a few at a time. Ids with no document are left out.
 */
export async function readByIds(
  deps: SyncDeps,
  model: ReadModel,
  ids: readonly string[],
): Promise<Document[]> {
  const docs: Document[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as string;
      const found = await deps.db
        .collection(model.collection)
        .find({ _id: asId(id) } as Document, { projection: model.projection, maxTimeMS: deps.readMaxMs })
        .toArray();
      docs.push(...found);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  return docs;
}

/** Upserts the model's rows of `docs` in the transaction of `client`. */
export async function upsertDocs(client: pg.ClientBase, model: ReadModel, docs: readonly Document[]) {
  for (const t of model.rows(docs)) await upsert(client, t);
}

/**
 * The store announcements (store.ts) bring in inserts; the sweep brings in what changed or went
 * since: the next `SWEEP_ROWS` rows of the model's table after `from` (in id order, round and
 * round) are read again from the store by `_id` equality and upserted, or deleted when their
 * document is gone. Returns where the next round starts.
 */
export async function sweep(deps: SyncDeps, model: ReadModel, from: string | null): Promise<string | null> {
  const r = await deps.pool.query<{ id: string }>(
    `select id from ${model.table} where id > $1 order by id limit $2`,
    [from ?? '', SWEEP_ROWS],
  );
  const ids = r.rows.map((x) => x.id);
  const docs = await readByIds(deps, model, ids);
  const present = new Set(docs.map((d) => String(d._id)));
  const gone = ids.filter((id) => !present.has(id));
  return transaction(deps.pool, async (client) => {
    await upsertDocs(client, model, docs);
    if (gone.length) {
      if (model.onDelete) await client.query(model.onDelete, [gone]);
      await client.query(`delete from ${model.table} where id = any($1::text[])`, [gone]);
    }
    const swept = ids.length < SWEEP_ROWS ? null : (ids.at(-1) ?? null);
    await client.query('update rm_cursor set swept_id = $2 where model = $1', [model.name, swept]);
    return swept;
  });
}
