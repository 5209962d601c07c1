/**
 * The floors of the statistics benchmark: for each call, the one query a hand-written report would
 * run over the raw data for the same answer (the bucketing of dates it then does in memory is
 * counted in). FerretDB cannot group by date, so Mongo floors read the window's documents.
 */
import { COLLECTIONS } from '@console/contracts';
import type { Db } from 'mongodb';
import type pg from 'pg';

const DAY = 86_400_000;

export interface Floor {
  name: string;
  /** The gateway path (and body for POST). */
  http: { method: 'GET' | 'POST'; path: string; body?: unknown };
  floor: () => Promise<number>;
}

/** When a floor run is cut (the benchmark's --floor-timeout); Mongo floors check it per document. */
export interface FloorLimit {
  deadline: number;
}

async function bucketed(
  limit: FloorLimit,
  db: Db,
  collection: string,
  field: string,
  key: string,
  from: Date,
  to: Date,
) {
  const counts = new Map<string, number>();
  const cursor = db
    .collection(collection)
    .find({ [field]: { $gte: from, $lt: to } }, { projection: { [field]: 1, [key]: 1 }, batchSize: 200 });
  for await (const d of cursor) {
    if (Date.now() > limit.deadline) {
      await cursor.close();
      throw new Error('floor cut');
    }
    const k = `${Math.floor((d[field] as Date).getTime() / DAY)}|${d[key]}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts.size;
}

/** The calls and their floors over the world ending at `end` (the world's clock). */
export function statsFloors(
  pool: pg.Pool,
  db: Db,
  end: Date,
  limit: FloorLimit = { deadline: Number.POSITIVE_INFINITY },
): Floor[] {
  const from30 = new Date(end.getTime() - 30 * DAY);
  const from182 = new Date(end.getTime() - 182 * DAY);
  const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rowCount ?? 0;
  /** A tab's 30 daily buckets beside the floor that buckets the collection's window by `key`. */
  const tab = (name: string, kind: string, collection: string, key: string): Floor => ({
    name: `${name}, 30 days`,
    http: { method: 'GET', path: `/api/supportPlus/stats/${kind}?limit=30&period=86400000` },
    floor: () => bucketed(limit, db, collection, 'createdDate', key, from30, end),
  });
  return [
    tab('products tab', 'products', COLLECTIONS.products, 'productCode'),
    tab('commands tab', 'commands', COLLECTIONS.transactions, 'operation'),
    {
      name: 'logs (any), 30 days',
      http: { method: 'GET', path: '/api/supportPlus/stats/any?projection=commands.general.logs&limit=30' },
      floor: () => bucketed(limit, db, COLLECTIONS.logs, 'createdDate', 'rootGroupId', from30, end),
    },
    tab('app versions', 'appVersions', COLLECTIONS.clientDevices, 'appVersion'),
    tab('groups', 'groups', COLLECTIONS.structures, '_groups'),
    {
      name: 'structure products, 30 days',
      http: { method: 'GET', path: '/api/supportPlus/stats/any?projection=products&limit=30' },
      // A structure counts for a product code on the day its first device of that code came:
      // every product before the window is needed to know which are first.
      floor: async () => {
        const first = new Map<string, number>();
        const cursor = db
          .collection(COLLECTIONS.products)
          .find(
            { createdDate: { $lt: end } },
            { projection: { rootGroupId: 1, productCode: 1, createdDate: 1 }, batchSize: 500 },
          );
        for await (const d of cursor) {
          if (Date.now() > limit.deadline) {
            await cursor.close();
            throw new Error('floor cut');
          }
          const key = `${d.rootGroupId}|${d.productCode}`;
          const t = (d.createdDate as Date).getTime();
          if ((first.get(key) ?? Number.POSITIVE_INFINITY) > t) first.set(key, t);
        }
        return [...first.values()].filter((t) => t >= from30.getTime()).length;
      },
    },
    tab('licences', 'userLicensesV5', COLLECTIONS.users, 'licenses'),
    tab('agents', 'agents', COLLECTIONS.agents, 'type'),
    {
      name: 'workers, 30 days',
      http: { method: 'GET', path: '/api/supportPlus/stats/workers?limit=30&period=86400000' },
      floor: () =>
        bucketed(limit, db, COLLECTIONS.workerConnections, 'createdDate', 'oldWorker', from30, end),
    },
    {
      name: 'automations, 30 days',
      http: { method: 'GET', path: '/api/supportPlus/stats/automations?limit=30&period=86400000' },
      floor: async () =>
        (
          await db
            .collection(COLLECTIONS.transactions)
            .find(
              { class: 'automation', createdDate: { $gte: from30, $lt: end } },
              { projection: { operation: 1, createdDate: 1 } },
            )
            .toArray()
        ).length,
    },
    tab('client device types', 'clientDeviceTypes', COLLECTIONS.clientDevices, 'deviceType'),
    {
      name: 'global, 30 days',
      http: { method: 'GET', path: '/api/supportPlus/stats/global?limit=30&period=86400000' },
      floor: async () =>
        (
          await db
            .collection(COLLECTIONS.statistics)
            .find({ date: { $gte: from30, $lt: end } })
            .toArray()
        ).length,
    },
    {
      name: 'products by date, 182 days',
      http: { method: 'GET', path: '/api/supportPlus/stats/productsByDate?limit=182&period=86400000' },
      // Running totals need every product before the window too.
      floor: () => bucketed(limit, db, COLLECTIONS.products, 'createdDate', 'productCode', new Date(0), end),
    },
    {
      name: 'panel: Link Plus hubs, 30 days',
      http: {
        method: 'POST',
        path: '/api/statistics/linkplus-statistics',
        body: { sort: { date: -1 }, limit: 30 },
      },
      floor: async () =>
        (await db.collection(COLLECTIONS.statistics).find({}).sort({ date: -1 }).limit(30).toArray()).length,
    },
    {
      name: 'panel: agents graph, 30 days',
      http: { method: 'POST', path: '/api/statistics/agent/', body: { limit: 30 } },
      floor: () => bucketed(limit, db, COLLECTIONS.agents, 'createdDate', 'type', from30, end),
    },
    {
      name: 'duration, 30 days',
      http: { method: 'GET', path: '/api/supportPlus/stats/duration?limit=30&period=86400000' },
      floor: () =>
        sql(
          `select date_trunc('day', request_date), avg(latency) from command_queue
            where request_date >= $1 and request_date < $2 and latency is not null group by 1`,
          [from30, end],
        ),
    },
    {
      name: 'ack stats, 5 days by hour',
      http: { method: 'GET', path: '/api/support/wflcommands/ack-stats/Hour' },
      floor: () =>
        sql(
          `select date_trunc('hour', request_date), count(*), count(*) filter (where ack_date is null)
             from command_queue where request_date >= $1 and request_date <= $2 group by 1`,
          [new Date(end.getTime() - 5 * DAY), end],
        ),
    },
    {
      name: 'daily commands, 14 days',
      http: { method: 'GET', path: '/api/statistics/cmd-statistics/daily' },
      floor: () =>
        sql(
          `select date_trunc('day', request_date), width_bucket(latency, 0, 960000, 16), count(*)
             from command_queue where request_date >= $1 and request_date <= $2 and latency is not null group by 1, 2`,
          [new Date(end.getTime() - 14 * DAY), end],
        ),
    },
    {
      name: 'data monitor, 90 days',
      http: { method: 'GET', path: '/api/statistics/dm-statistics' },
      floor: () =>
        sql(
          `select d, count(*) from (
             select to_timestamp(created - created % 86400) d from wfls where created >= $1
             union all select date_trunc('day', date) from pings where date >= to_timestamp($1)
             union all select date_trunc('day', time) from energy_readings where time >= to_timestamp($1)) x group by 1`,
          [Math.floor(from182.getTime() / 1000)],
        ),
    },
    {
      name: 'protocol errors, 15 days',
      http: { method: 'POST', path: '/api/supportPlus/protocolerrors/', body: {} },
      floor: async () =>
        (
          await db
            .collection(COLLECTIONS.transactions)
            .find(
              { success: false, createdDate: { $gte: new Date(end.getTime() - 15 * DAY), $lt: end } },
              { projection: { createdDate: 1, class: 1, operation: 1 } },
            )
            .toArray()
        ).length,
    },
  ];
}
