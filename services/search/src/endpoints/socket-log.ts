import {
  ApiError,
  COLLECTIONS,
  SOCKET_LOG_PANEL,
  type SocketLogQuery,
  type SocketLogRow,
  searchOperations,
} from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { Db, Document, Filter } from 'mongodb';
import { redact } from '../plugins/query/redact.ts';
import { literal } from '../plugins/tabs/tab-reads.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

const NONE = {
  ...{ class: null, operation: null, direction: null, clientType: null, clientId: null },
  ...{ group: null, level: null, message: null, logSource: null },
};

/** One row of the panel: what both sources have, and the fields of its own source. */
const row = (
  source: SocketLogRow['source'],
  d: Document,
  linkId: unknown,
  own: Partial<SocketLogRow>,
): SocketLogRow => ({
  id: `${source}:${String(d._id)}`,
  source,
  time: iso(d.createdDate),
  linkId: Number(linkId),
  ...NONE,
  ...own,
  record: redact(d),
});

/** A source's matching records, newest first, up to the limit. */
const newest = (db: Db, collection: string, filter: Filter<Document>, limit: number) =>
  db.collection(collection).find(filter).sort({ createdDate: -1 }).limit(limit).toArray();

const timeOf = (d: Document) => (d.createdDate instanceof Date ? d.createdDate.getTime() : 0);

/**
 * The newest `limit` records matching `filter` on the links `ids` (or on every link): one query per
 * link, with the link as an equality, merged. FerretDB pushes an equality down to its index but reads
 * the whole collection for an `$in` (about 2 s here for one link's socket logs; see findByIds).
 */
async function newestOf(
  db: Db,
  collection: string,
  field: string,
  ids: readonly number[] | undefined,
  filter: Filter<Document>,
  limit: number,
): Promise<Document[]> {
  if (!ids?.length) return newest(db, collection, filter, limit);
  const parts = await Promise.all(ids.map((id) => newest(db, collection, { ...filter, [field]: id }, limit)));
  return parts
    .flat()
    .sort((a, b) => timeOf(b) - timeOf(a))
    .slice(0, limit);
}

/** The time window of a query, or a 400 that says what is wrong with it. */
function window(q: SocketLogQuery): Record<string, Date> | null {
  for (const moment of [q.start, q.end])
    if (moment && Number.isNaN(Date.parse(moment))) throw new ApiError(400, `Not a date: ${moment}`);
  const w: Record<string, Date> = {};
  if (q.start) w.$gte = new Date(q.start);
  if (q.end) w.$lte = new Date(q.end);
  if (w.$gte && w.$lte && w.$gte > w.$lte) throw new ApiError(400, 'The start time is after the end time.');
  return Object.keys(w).length ? w : null;
}

async function socketLogs(db: Db, q: SocketLogQuery, limit: number): Promise<SocketLogRow[]> {
  const filter: Filter<Document> = {};
  if (q.class) filter.class = q.class;
  if (q.operation) filter.operation = q.operation;
  if (q.user) filter.clientId = q.user;
  const w = window(q);
  if (w) filter.createdDate = w;
  if (q.like) {
    const pattern = { $regex: literal(q.like), $options: 'i' };
    filter.$or = [{ class: pattern }, { operation: pattern }, { clientId: pattern }];
  }
  const docs = await newestOf(db, COLLECTIONS.socketLogs, 'hubId', q.linkIds, filter, limit);
  return docs.map((d) =>
    row('socketLogs', d, d.hubId, {
      class: text(d.class),
      operation: text(d.operation),
      direction: text(d.direction),
      clientType: text(d.clientType),
      clientId: text(d.clientId),
    }),
  );
}

async function hubLogs(db: Db, q: SocketLogQuery, limit: number): Promise<SocketLogRow[]> {
  const filter: Filter<Document> = {};
  if (q.group) filter['item.payload.group'] = q.group;
  if (q.level) filter['item.payload.level'] = q.level;
  const w = window(q);
  if (w) filter.createdDate = w;
  if (q.like) filter['item.payload.message'] = { $regex: literal(q.like), $options: 'i' };
  const docs = await newestOf(db, COLLECTIONS.logs, 'linkId', q.linkIds, filter, limit);
  return docs.map((d) => {
    const p = (d.item?.payload ?? {}) as Record<string, unknown>;
    return row('logs', d, d.linkId, {
      group: text(p.group),
      level: text(p.level),
      message: text(p.message),
      logSource: text(p.source),
    });
  });
}

/**
 * The socket log panel (seed 001 §2): the stored socket logs and hub logs matching the filters,
 * newest first, merged by time and cut at the limit. Filters that only one source has (class,
 * operation and user for socket logs; group and level for hub logs) leave the other source out.
 */
export function socketLogHandlers(app: FastifyInstance) {
  return defineHandlers(searchOperations, {
    'search.socketLogPanel': async ({ body: q }) => {
      const limit = q.limit ?? SOCKET_LOG_PANEL.defaultLimit;
      const onlySocket = Boolean(q.class || q.operation || q.user);
      const onlyLogs = Boolean(q.group || q.level);
      const wantSocket = q.socketLogs !== false && !onlyLogs;
      const wantLogs = q.logs !== false && !onlySocket;
      const [a, b] = await Promise.all([
        wantSocket ? socketLogs(app.mongo, q, limit) : [],
        wantLogs ? hubLogs(app.mongo, q, limit) : [],
      ]);
      const rows = [...a, ...b].sort((x, y) => y.time.localeCompare(x.time)).slice(0, limit);
      return { rows, limit };
    },
  });
}
