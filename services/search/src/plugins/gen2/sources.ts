import { COLLECTIONS } from '@console/contracts';
import { cursorPages } from '@console/kit';
import type { Db, Document } from 'mongodb';
import { type FerretBackend, ident } from '../ferret.ts';

export type Kind = 'users' | 'structures' | 'hubs' | 'products';

const COLLECTION: Record<Kind, string> = {
  users: COLLECTIONS.users,
  structures: COLLECTIONS.structures,
  hubs: COLLECTIONS.hubs,
  products: COLLECTIONS.products,
};

const PROJECTION: Record<Kind, Document> = {
  users: { userId: 1, email: 1, rootGroupIds: 1, hubId: 1, noRoot: 1, createdDate: 1 },
  structures: { rootGroupId: 1, name: 1, link2: 1, 'userRootAccess.userId': 1, createdDate: 1 },
  hubs: { hubId: 1, rootGroupId: 1, userId: 1, serial: 1, errorState: 1, lock: 1, createdDate: 1 },
  products: {
    deviceId: 1,
    rootGroupId: 1,
    linkId: 1,
    serial: 1,
    name: 1,
    productCode: 1,
    virtualProductCode: 1,
    migrated: 1,
  },
};

/** The same fields straight from FerretDB's backend: the documents' jsonb, dates as epoch milliseconds. */
const BACKEND_SELECT: Record<Kind, string> = {
  users: `_jsonb->'userId' as "userId", _jsonb->'email' as email, _jsonb->'rootGroupIds' as "rootGroupIds",
    _jsonb->'hubId' as "hubId", _jsonb->'noRoot' as "noRoot", _jsonb->'createdDate' as "createdDate"`,
  structures: `_jsonb->'rootGroupId' as "rootGroupId", _jsonb->'name' as name, _jsonb->'link2' as link2,
    jsonb_path_query_array(_jsonb->'userRootAccess', '$[*].userId') as "userIds", _jsonb->'createdDate' as "createdDate"`,
  hubs: `_jsonb->'hubId' as "hubId", _jsonb->'rootGroupId' as "rootGroupId", _jsonb->'userId' as "userId",
    _jsonb->'serial' as serial, _jsonb->'errorState' as "errorState", _jsonb->'lock' as lock, _jsonb->'createdDate' as "createdDate"`,
  products: `_jsonb->'deviceId' as "deviceId", _jsonb->'rootGroupId' as "rootGroupId", _jsonb->'linkId' as "linkId",
    _jsonb->'serial' as serial, _jsonb->'name' as name, _jsonb->'productCode' as "productCode",
    _jsonb->'virtualProductCode' as "virtualProductCode", _jsonb->'migrated' as migrated`,
};

const DATE_FIELDS = new Set(['createdDate']);

/** A backend row as the document it came from (enough of it for the index rows). */
function fromBackend(kind: Kind, r: Record<string, unknown>): Document {
  const doc: Document = {};
  for (const [k, v] of Object.entries(r))
    doc[k] = DATE_FIELDS.has(k) && typeof v === 'number' ? new Date(v) : v;
  if (kind === 'structures')
    doc.userRootAccess = ((r.userIds as string[] | null) ?? []).map((userId) => ({ userId }));
  if (kind === 'hubs' && r.lock && typeof r.lock === 'object') {
    const lock = r.lock as { locked?: boolean; since?: number | null };
    doc.lock = {
      locked: lock.locked === true,
      since: typeof lock.since === 'number' ? new Date(lock.since) : null,
    };
  }
  return doc;
}

/** Reads every document of one kind in batches: from FerretDB's backend when there is one, else through Mongo. */
export async function* scan(
  kind: Kind,
  db: Db,
  backend: FerretBackend | null,
  batch = 5000,
): AsyncGenerator<Document[]> {
  if (backend) {
    const table = await backend.tableOf(COLLECTION[kind]);
    if (!table) return;
    const sql = `select ${BACKEND_SELECT[kind]} from ${ident(backend.schema)}.${ident(table)}`;
    for await (const rows of cursorPages<Record<string, unknown>>(backend.pool, sql, [], batch))
      yield rows.map((r) => fromBackend(kind, r));
    return;
  }
  const cursor = db.collection(COLLECTION[kind]).find({}, { projection: PROJECTION[kind], batchSize: batch });
  // The batches as the server sends them: the first document, then the rest the cursor holds.
  for await (const doc of cursor) yield [doc, ...cursor.readBufferedDocuments()];
}

/** How many documents a collection holds (the agents count of the overview). */
export async function countOf(collection: string, db: Db, backend: FerretBackend | null): Promise<number> {
  if (backend) {
    const table = await backend.tableOf(collection);
    if (!table) return 0;
    const { rows } = await backend.pool.query<{ n: string }>(
      `select count(*) as n from ${ident(backend.schema)}.${ident(table)}`,
    );
    return Number(rows[0]?.n ?? 0);
  }
  return db.collection(collection).estimatedDocumentCount();
}
