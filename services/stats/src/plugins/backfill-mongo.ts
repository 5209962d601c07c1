import { COLLECTIONS, grownDocId, type StoreEventCollection } from '@console/contracts';
import type { Db, Document } from 'mongodb';
import type { Increment } from './counts.ts';
import { at, type ProductPair, productPair, RECORD_COUNTERS } from './record-counts.ts';

/** One stored-data source of the backfill: the metrics it owns and how it reads them. */
export interface BackfillSource {
  name: string;
  metrics: readonly string[];
  /**
   * `seen` records each counted record the store follower may announce again (its kind and id),
   * so that it is counted once: kept with the counts, in the same transaction.
   */
  read: (
    until: Date,
    emit: (inc: Increment) => void,
    seen: (kind: string, id: string) => void,
  ) => Promise<void>;
  /** The kinds of records `seen` takes (replaced with the counts). */
  kinds?: readonly string[];
  /**
   * Counts every record of its collections, whenever dated, with their ids: the loader and the
   * growth announce each, so a world extended later needs no second reading of it.
   */
  whole?: boolean;
  /**
   * Reads whole large documents (every structure, tens of kB each through FerretDB): runs after
   * every other source, so that it holds none of them up.
   */
  last?: boolean;
}

async function each(
  db: Db,
  collection: string,
  filter: Document,
  projection: Document,
  fn: (d: Document) => void,
) {
  const cursor = db.collection(collection).find(filter, { projection, batchSize: 5000 });
  for await (const doc of cursor) fn(doc);
}

/** The Gen2 collections: products, users, transactions, agents, logs, connections, groups, clients. */
export function mongoSources(db: Db): BackfillSource[] {
  /** Each document of `collection` created before `until`, read with `fields`, and its creation time. */
  const created = (
    collection: string,
    until: Date,
    fields: readonly string[],
    fn: (d: Document, t: number) => void,
  ) =>
    each(
      db,
      collection,
      { createdDate: { $lt: until } },
      Object.fromEntries([...fields, 'createdDate'].map((f) => [f, 1])),
      (d) => fn(d, at(d.createdDate)),
    );
  /**
   * Every record of a followed collection, whenever created: no stream counts these, so the store
   * follower takes over from the records seen here (each counted once, by id).
   */
  const followed = (
    kind: StoreEventCollection,
    fields: readonly string[],
    emit: (inc: Increment) => void,
    seen: (kind: string, id: string) => void,
    fn?: (d: Document) => void,
  ) => {
    const now = Date.now();
    return each(
      db,
      COLLECTIONS[kind],
      {},
      Object.fromEntries([...fields, 'createdDate'].map((f) => [f, 1])),
      (d) => {
        seen(kind, String(d._id));
        RECORD_COUNTERS[kind].count(d, emit, now);
        fn?.(d);
      },
    );
  };
  return [
    {
      name: 'products',
      metrics: ['products', 'structureProducts'],
      whole: true,
      kinds: ['products', 'structureProducts'],
      read: async (_until, emit, seen) => {
        // A structure counts for a product code when its first device of that code was added.
        const first = new Map<string, ProductPair>();
        await followed('products', ['productCode', 'rootGroupId'], emit, seen, (d) => {
          const pair = productPair(d);
          const had = first.get(pair.key);
          if (had === undefined || pair.at < had.at) first.set(pair.key, pair);
        });
        for (const pair of first.values()) {
          seen('structureProducts', pair.key);
          emit({ metric: 'structureProducts', series: pair.code, at: pair.at });
        }
      },
    },
    {
      name: 'users',
      metrics: ['users', 'userLicensesV5'],
      whole: true,
      kinds: ['users'],
      read: (_until, emit, seen) => followed('users', ['licenses'], emit, seen),
    },
    {
      name: 'transactions',
      metrics: RECORD_COUNTERS.transactions.metrics,
      kinds: ['transactions'],
      read: async (until, emit, seen) => {
        const fields = ['class', 'operation', 'duration', 'success', 'rootGroupId', 'linkId'];
        const count = (d: Document) => RECORD_COUNTERS.transactions.count(d, emit, 0);
        // The growth's transactions reach no stream: each is counted here or by the store
        // follower (by id), whenever dated. The others up to the hub stream's first count.
        const grown = (d: Document) => d.linkId != null && grownDocId(String(d._id));
        await created(COLLECTIONS.transactions, until, fields, (d) => {
          if (grown(d)) seen('transactions', String(d._id));
          count(d);
        });
        await each(
          db,
          COLLECTIONS.transactions,
          { createdDate: { $gte: until }, linkId: { $exists: true } },
          Object.fromEntries([...fields, 'createdDate'].map((f) => [f, 1])),
          (d) => {
            if (!grown(d)) return;
            seen('transactions', String(d._id));
            count(d);
          },
        );
      },
    },
    {
      name: 'agents',
      metrics: ['agents'],
      whole: true,
      kinds: ['agents'],
      read: (_until, emit, seen) => followed('agents', ['type', 'linked'], emit, seen),
    },
    {
      name: 'logs',
      metrics: ['logs'],
      read: (until, emit) =>
        created(COLLECTIONS.logs, until, ['item'], (d, t) => {
          const p = d.item?.payload ?? {};
          emit({
            metric: 'logs',
            series: `${p.source ?? 'unknown'}|${p.group ?? 'unknown'}|${p.level ?? 'info'}`,
            at: t,
          });
        }),
    },
    {
      name: 'workers',
      metrics: ['workers'],
      read: (until, emit) =>
        created(COLLECTIONS.workerConnections, until, ['oldWorker'], (d, t) =>
          emit({
            metric: 'workers',
            series: String(d.oldWorker?.workerUniqueId ?? 'unknown'),
            at: t,
          }),
        ),
    },
    {
      name: 'groups',
      metrics: ['groups'],
      whole: true,
      kinds: ['structures'],
      last: true,
      read: (_until, emit, seen) => followed('structures', ['_groups'], emit, seen),
    },
    {
      name: 'clients',
      metrics: ['appVersions', 'clientDeviceTypes'],
      whole: true,
      kinds: ['clientDevices'],
      read: (_until, emit, seen) =>
        followed('clientDevices', ['platform', 'appVersion', 'deviceType', 'lastSeenDate'], emit, seen),
    },
    {
      name: 'data monitor (Gen2)',
      metrics: ['dmGen2'],
      kinds: ['hubs'],
      read: async (until, emit, seen) => {
        await followed('hubs', [], emit, seen);
        await created(COLLECTIONS.logs, until, [], (_d, t) =>
          emit({ metric: 'dmGen2', series: 'log_inserts', at: t, only: 'd' }),
        );
      },
    },
    {
      name: 'daily records',
      metrics: ['global'],
      read: (until, emit) =>
        each(db, COLLECTIONS.statistics, { date: { $lt: until } }, {}, (d) => {
          const t = at(d.date);
          const devices = Object.values((d.devices ?? {}) as Record<string, number>).reduce(
            (a, b) => a + b,
            0,
          );
          const stats = (d.statistics ?? {}) as Record<string, number>;
          const values: Record<string, number> = {
            'users.total': d.users?.total ?? 0,
            devices,
            online: d.online ?? 0,
            socketLogs: stats.socketLogs ?? 0,
            gen1_commands: stats.gen1_commands ?? 0,
            commands: stats.commands ?? 0,
            average_statistics: stats.average_statistics ?? 0,
          };
          for (const [series, count] of Object.entries(values))
            emit({ metric: 'global', series, at: t, only: 'd', count });
        }),
    },
  ];
}
