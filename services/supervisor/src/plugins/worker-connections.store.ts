import {
  ApiError,
  COLLECTIONS,
  type NotOnlineRecord,
  WORKER_LIMITS,
  type WorkerConnectionRow,
  type WorkerOfflineQuery,
  type WorkerOfflineReport,
  type WorkerOldQuery,
} from '@console/contracts';
import type { Db, Document, Filter } from 'mongodb';

/** A stored worker connection, read tolerantly: older workers left fields out. */
interface ConnectionDoc extends Document {
  clientId?: string;
  clientType?: string;
  handlerId?: string;
  rootGroupId?: string;
  createdDate?: Date;
  removedDate?: Date;
  connectionDuration?: number;
  oldWorker?: { addedDate?: Date | null; workerUniqueId?: string };
  shared?: { allWorkers?: { structureId?: string } };
  attributes?: { factoryConfig?: string; firmwareVersion?: string };
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * Worker connections (analytics spec §2): the `workerconnections` collection, one document per
 * finished connection of a client to a worker. Queries stay within what FerretDB 1.24 serves: the
 * offline report reads the range once and groups by client here ($group may only $sum/$count).
 */
export class WorkerConnectionStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  private get col() {
    return this.db.collection<ConnectionDoc>(COLLECTIONS.workerConnections);
  }

  async offline(
    q: WorkerOfflineQuery,
    now: Date,
    online: (clientId: string) => boolean,
  ): Promise<WorkerOfflineReport> {
    const from = new Date(q.fromDate);
    const to = q.toDate ? new Date(q.toDate) : now;
    if (to <= from) throw new ApiError(400, 'The before date must be after the from date.');
    const docs = await this.col
      .find(
        { clientType: q.clientType, removedDate: { $gte: from, $lt: to } },
        {
          projection: { clientId: 1, rootGroupId: 1, removedDate: 1, oldWorker: 1, shared: 1, attributes: 1 },
        },
      )
      .limit(WORKER_LIMITS.scanMax + 1)
      .toArray();
    if (docs.length > WORKER_LIMITS.scanMax)
      throw new ApiError(
        400,
        `More than ${WORKER_LIMITS.scanMax} connections ended in this range: narrow it.`,
      );
    const byClient = new Map<string, NotOnlineRecord>();
    for (const d of docs) {
      const clientId = str(d.clientId);
      if (!clientId) continue;
      const removed = iso(d.removedDate) ?? '';
      const seen = byClient.get(clientId);
      if (seen) {
        seen.count++;
        if (removed <= seen.lastRemoved) continue;
      }
      byClient.set(clientId, {
        clientId,
        count: (seen?.count ?? 0) + (seen ? 0 : 1),
        lastRemoved: removed,
        structureId: str(d.shared?.allWorkers?.structureId) ?? str(d.rootGroupId),
        factoryConfig: str(d.attributes?.factoryConfig),
        firmwareVersion: str(d.attributes?.firmwareVersion),
        worker: str(d.oldWorker?.workerUniqueId),
      });
    }
    const report: WorkerOfflineReport = {
      notOnline: [],
      onlineNow: 0,
      onlinePrev: 0,
      ignoredRecent: 0,
      scanned: docs.length,
    };
    const recentFrom = now.getTime() - WORKER_LIMITS.ignoreRecentMs;
    for (const r of byClient.values()) {
      if (online(r.clientId)) report.onlineNow++;
      else if (q.ignoreRecent && Date.parse(r.lastRemoved) >= recentFrom) report.ignoredRecent++;
      else report.notOnline.push(r);
    }
    report.notOnline.sort((a, b) => b.lastRemoved.localeCompare(a.lastRemoved));
    report.onlinePrev = await this.distinctClients(
      q.clientType,
      new Date(from.getTime() - (to.getTime() - from.getTime())),
      from,
    );
    return report;
  }

  private async distinctClients(clientType: string, from: Date, to: Date): Promise<number> {
    const [row] = await this.col
      .aggregate<{ n: number }>([
        { $match: { clientType, removedDate: { $gte: from, $lt: to } } },
        { $group: { _id: '$clientId' } },
        { $count: 'n' },
      ])
      .toArray();
    return row?.n ?? 0;
  }

  private oldFilter(q: WorkerOldQuery): Filter<ConnectionDoc> {
    return {
      clientType: q.clientType,
      removedDate: { $lt: new Date(q.before) },
      ...(q.addedDateNull ? { 'oldWorker.addedDate': null } : {}),
    };
  }

  count(q: WorkerOldQuery): Promise<number> {
    return this.col.countDocuments(this.oldFilter(q));
  }

  async get(q: WorkerOldQuery): Promise<WorkerConnectionRow[]> {
    const docs = await this.col
      .find(this.oldFilter(q))
      .sort({ removedDate: 1 })
      .limit(WORKER_LIMITS.getLimit)
      .toArray();
    return docs.map((d) => ({
      _id: String(d._id),
      handlerId: str(d.handlerId) ?? '',
      clientType: str(d.clientType) ?? '',
      clientId: str(d.clientId) ?? '',
      rootGroupId: str(d.rootGroupId),
      createdDate: iso(d.createdDate),
      removedDate: iso(d.removedDate),
      connectionDuration: typeof d.connectionDuration === 'number' ? d.connectionDuration : null,
      addedDate: iso(d.oldWorker?.addedDate),
      worker: str(d.oldWorker?.workerUniqueId),
    }));
  }

  async remove(q: WorkerOldQuery): Promise<number> {
    const r = await this.col.deleteMany(this.oldFilter(q));
    return r.deletedCount;
  }
}
