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

/**
 * Records announced only when the world's growth writes them: Gen2 transactions and the Gen1
 * command queue and WiFi links. Others' are counted otherwise (the hub stream counts hub-control's
 * commands; the backfill the loaded world's), and growth's reach no stream.
 */
export const GROWN_EVENT_KINDS = ['transactions', 'commandQueue', 'wfls'] as const;
export type GrownEventKind = (typeof GROWN_EVENT_KINDS)[number];
export type StoreEventKind = StoreEventCollection | GrownEventKind;

/** One announced record: its `_id` (hex or string) and the fields the statistics count. */
export type StoreEventDoc = { id: string } & Record<string, unknown>;

export interface StoreEvent {
  collection: StoreEventKind;
  docs: StoreEventDoc[];
}

/**
 * Customer numbers from here up are the world's growth's (services/world ids.ts: new customers,
 * and the numbers each growth tick's other records take their ids from); a loaded world's stay
 * below, up to GROWTH_END.
 */
export const GROWTH_FIRST_CUSTOMER = 2 ** 21;
const GROWTH_END = 2 ** 22;

/**
 * Whether a document `_id` (24 hex digits) is one the world's growth made: the world's ids hold
 * their customer's number after the time (services/world mongo/insert.ts docId). Other writers'
 * ObjectIds hold a random value there, so a reader also asks for a world record's own field
 * (a transaction's `linkId`).
 */
export function grownDocId(id: string): boolean {
  if (!/^[0-9a-f]{24}$/i.test(id)) return false;
  const n = Number.parseInt(id.slice(8, 16), 16);
  return n >= GROWTH_FIRST_CUSTOMER && n < GROWTH_END;
}

/** Rows each customer number holds in the Gen1 tables the growth announces (services/world gen1 ID_BLOCK). */
const GEN1_ID_BLOCK: Record<Exclude<GrownEventKind, 'transactions'>, number> = { commandQueue: 32, wfls: 4 };

/** The ids of the growth's rows of a Gen1 table (number × block + n + 1), inclusive. */
export const grownGen1Ids = (kind: keyof typeof GEN1_ID_BLOCK): { from: number; to: number } => ({
  from: GROWTH_FIRST_CUSTOMER * GEN1_ID_BLOCK[kind] + 1,
  to: GROWTH_END * GEN1_ID_BLOCK[kind],
});

type Doc = Record<string, unknown>;
const pick = (d: Doc, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, d[f]]));

/** The fields each collection's statistics count (structures: each group's type and name only). */
const PROJECT: Record<StoreEventKind, (d: Doc) => Doc> = {
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
  transactions: (d) => pick(d, ['class', 'operation', 'duration', 'success', 'rootGroupId', 'createdDate']),
  // Gen1 rows, announced with `_id` set to the row's id.
  commandQueue: (d) => ({ createdDate: d.request_date, latency: d.latency ?? null }),
  wfls: (d) => ({ createdDate: new Date(Number(d.created) * 1000) }),
};

/** Well below the broker's 1 MB `max_payload`. */
const MAX_BODY = 256_000;

/**
 * The messages announcing `docs` (as inserted, each with its `_id`): JSON bodies under the
 * payload limit, each with a message id for JetStream's de-duplication. Publish each with
 * `js.publish(subjects.storeInserted(collection), body, { msgID })`.
 */
export function storeEventMessages(
  collection: StoreEventKind,
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
