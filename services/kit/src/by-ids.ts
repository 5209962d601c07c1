import type { Collection, Document, Filter } from 'mongodb';

/** Up to this many ids are read one equality query each; more, with one `$in`. */
export const BY_IDS_MAX = 500;
/** Equality queries in flight at once. */
const CONCURRENCY = 8;

/**
 * Every document of `collection` whose `field` is one of `ids`, handed to `fn` (in no set order).
 *
 * FerretDB, the stand-in for MongoDB where none runs (see docs/architecture.md), pushes an equality
 * on a top-level field down to Postgres and its index, but not `$in`: an `$in` decodes the whole
 * collection, about 1.5 s for the demo's 9,000 products. So a short list is read as one equality
 * query per id, a few at a time; a list longer than `BY_IDS_MAX` as one `$in` (a single scan then
 * costs less than that many queries). MongoDB serves both shapes from its index.
 */
export async function findByIds<T extends Document, Id extends string | number>(
  collection: Collection<T>,
  field: string,
  ids: readonly Id[],
  projection: Document,
  fn: (doc: T) => void,
  opts: { maxTimeMS?: number } = {},
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if (unique.length > BY_IDS_MAX) {
    const filter = { [field]: { $in: unique } } as Filter<T>;
    for await (const doc of collection.find(filter, { projection, batchSize: 5000, ...opts })) fn(doc as T);
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const id = unique[next++] as Id;
      const filter = { [field]: id } as Filter<T>;
      for (const doc of await collection.find(filter, { projection, ...opts }).toArray()) fn(doc as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, unique.length) }, worker));
}
