/**
 * What a writer of the stores announces after inserting records the statistics count
 * (`subjects.storeInserted(collection)`, JetStream `STORE`). The Mongo-compatible store cannot
 * tell anyone what is new: FerretDB 1.x has no change streams, and a watermark query (a range or a
 * sort on `_id` or `createdDate`) decodes the whole collection. So whoever inserts publishes, after
 * the insert succeeded, the inserted documents' `_id` and the few fields the statistics count; the
 * stats service counts each `_id` once, however often it is announced.
 */
export const STORE_EVENT_COLLECTIONS = [
  'products',
  'users',
  'structures',
  'hubs',
  'agents',
  'clientDevices',
] as const;
export type StoreEventCollection = (typeof STORE_EVENT_COLLECTIONS)[number];

/** One announced record: its `_id` (hex or string) and the fields the statistics count. */
export type StoreEventDoc = { id: string } & Record<string, unknown>;

export interface StoreEvent {
  collection: StoreEventCollection;
  docs: StoreEventDoc[];
}

type Doc = Record<string, unknown>;
const pick = (d: Doc, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, d[f]]));

/** The fields each collection's statistics count (structures: each group's type and name only). */
const PROJECT: Record<StoreEventCollection, (d: Doc) => Doc> = {
  products: (d) => pick(d, ['productCode', 'rootGroupId', 'createdDate']),
  users: (d) => ({
    createdDate: d.createdDate,
    licence: (d.licenses as { v5?: { license?: unknown } } | undefined)?.v5?.license ?? null,
  }),
  structures: (d) => ({
    createdDate: d.createdDate,
    groups: Object.values((d._groups ?? {}) as Record<string, Doc>).map((g) => pick(g, ['type', 'name'])),
  }),
  hubs: (d) => pick(d, ['createdDate']),
  agents: (d) => pick(d, ['type', 'linked', 'createdDate']),
  clientDevices: (d) => pick(d, ['platform', 'appVersion', 'deviceType', 'createdDate', 'lastSeenDate']),
};

/** Well below the broker's 1 MB `max_payload`. */
const MAX_BODY = 256_000;

/**
 * The messages announcing `docs` (as inserted, each with its `_id`): JSON bodies under the
 * payload limit, each with a message id for JetStream's de-duplication. Publish each with
 * `js.publish(subjects.storeInserted(collection), body, { msgID })`.
 */
export function storeEventMessages(
  collection: StoreEventCollection,
  docs: readonly Doc[],
): { body: string; msgID: string }[] {
  const out: { body: string; msgID: string }[] = [];
  let batch: string[] = [];
  let ids: string[] = [];
  let size = 0;
  const flush = () => {
    if (!batch.length) return;
    out.push({
      body: `{"collection":${JSON.stringify(collection)},"docs":[${batch.join(',')}]}`,
      msgID: `${collection}:${ids[0]}:${ids[ids.length - 1]}:${ids.length}`,
    });
    batch = [];
    ids = [];
    size = 0;
  };
  for (const d of docs) {
    if (d._id === undefined || d._id === null) throw new Error(`a ${collection} record has no _id`);
    const id = String(d._id);
    const json = JSON.stringify({ id, ...PROJECT[collection](d) });
    if (size + json.length > MAX_BODY) flush();
    batch.push(json);
    ids.push(id);
    size += json.length + 1;
  }
  flush();
  return out;
}
