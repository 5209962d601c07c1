import { COLLECTIONS, type TabPage } from '@console/contracts';
import type { Db, Document, Filter } from 'mongodb';
import { redact } from '../query/redact.ts';

/** How one tab reads its collection: which field names the structure, which date orders it. */
export interface TabSource {
  collection: string;
  structureField: string;
  dateField: string;
  /** Fields the tab's text search looks in. */
  textFields: readonly string[];
}

const tab = (
  collection: string,
  textFields: readonly string[],
  dateField = 'createdDate',
  structureField = 'rootGroupId',
): TabSource => ({ collection, structureField, dateField, textFields });

export const TAB_SOURCES = {
  transactions: tab(COLLECTIONS.transactions, [
    'class',
    'operation',
    'messages.clientId',
    'messages.clientType',
    'tags',
  ]),
  syncUpdates: tab(COLLECTIONS.syncUpdates, ['state.type', 'state.subType', 'state.caller']),
  connections: tab(COLLECTIONS.workerConnections, ['handlerId', 'oldWorker.workerUniqueId']),
  logs: tab(COLLECTIONS.logs, [
    'item.payload.message',
    'item.payload.group',
    'item.payload.source',
    'item.payload.level',
  ]),
  releaseQueue: tab(COLLECTIONS.firmwareQueue, ['deviceId', 'productCode', 'releaseId']),
  backups: tab(COLLECTIONS.backups, ['reason', 'deviceId'], 'createdDate', 'structureId'),
  accessRequests: tab(
    COLLECTIONS.structureAccessRequests,
    ['action', 'status', 'targetUserEmail', 'accessLevel'],
    'dateRequested',
  ),
  deviceStatus: tab(
    COLLECTIONS.deviceStatus,
    ['deviceId', 'productCode', 'status', 'featureSets'],
    'timestamp',
  ),
} as const satisfies Record<string, TabSource>;

export interface TabRead {
  rootGroupId: string;
  limit: number;
  before?: string;
  text?: string;
  /** The tab's own equality and range conditions, already checked by its schema. */
  where?: Filter<Document>;
  range?: { start?: string; end?: string };
}

export const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One page of a tab, newest first. The structure is an equality on a top-level field (the filter
 * shape FerretDB pushes down to Postgres); the date window and the text search narrow that small
 * set. Paging asks for records older than the last one shown, as the seed's transactions do.
 */
export async function readTab(db: Db, source: TabSource, q: TabRead): Promise<TabPage> {
  const date: Record<string, Date> = {};
  if (q.before) date.$lt = new Date(q.before);
  if (q.range?.end) {
    const end = new Date(q.range.end);
    if (!date.$lt || end < date.$lt) date.$lte = end;
  }
  if (q.range?.start) date.$gte = new Date(q.range.start);
  const filter: Filter<Document> = { [source.structureField]: q.rootGroupId, ...q.where };
  if (Object.keys(date).length > 0) filter[source.dateField] = date;
  const text = q.text?.trim();
  if (text) {
    const pattern = { $regex: literal(text), $options: 'i' };
    filter.$or = source.textFields.map((f) => ({ [f]: pattern }));
  }
  const docs = await db
    .collection(source.collection)
    .find(filter)
    .sort({ [source.dateField]: -1 })
    .limit(q.limit)
    .toArray();
  return {
    rows: docs.map((d) => redact(d) as Record<string, unknown>),
    limit: q.limit,
    more: docs.length === q.limit,
  };
}
