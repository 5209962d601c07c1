import { COLLECTIONS } from '@console/contracts';
import type { Db, Document } from 'mongodb';
import type { Increment } from './counts.ts';

/** One stored-data source of the backfill: the metrics it owns and how it reads them. */
export interface BackfillSource {
  name: string;
  metrics: readonly string[];
  read: (until: Date, emit: (inc: Increment) => void) => Promise<void>;
  /**
   * Reads whole large documents (every structure, tens of kB each through FerretDB): runs after
   * every other source, so that it holds none of them up.
   */
  last?: boolean;
}

const at = (d: unknown) => (d instanceof Date ? d.getTime() : Number.NaN);

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
  return [
    {
      name: 'products',
      metrics: ['products', 'structureProducts'],
      read: async (until, emit) => {
        // A structure counts for a product code when its first device of that code was added.
        const first = new Map<string, number>();
        await created(COLLECTIONS.products, until, ['productCode', 'rootGroupId'], (d, t) => {
          const code = String(d.productCode ?? 'unknown');
          emit({ metric: 'products', series: code, at: t });
          const key = `${d.rootGroupId}\u0000${code}`;
          const seen = first.get(key);
          if (seen === undefined || t < seen) first.set(key, t);
        });
        for (const [key, t] of first)
          emit({ metric: 'structureProducts', series: key.split('\u0000')[1] as string, at: t });
      },
    },
    {
      name: 'users',
      metrics: ['users', 'userLicensesV5'],
      read: (until, emit) =>
        created(COLLECTIONS.users, until, ['licenses'], (d, t) => {
          emit({ metric: 'users', series: 'new users', at: t });
          const licence = d.licenses?.v5?.license;
          emit({ metric: 'userLicensesV5', series: licence ? String(licence) : 'no licence', at: t });
        }),
    },
    {
      name: 'transactions',
      metrics: ['commands', 'duration', 'protocolErrors', 'automations', 'automations.unique'],
      read: (until, emit) =>
        created(
          COLLECTIONS.transactions,
          until,
          ['class', 'operation', 'duration', 'success', 'rootGroupId'],
          (d, t) => {
            const name = `${d.class}.${d.operation}`;
            emit({ metric: 'commands', series: name, at: t });
            emit({ metric: 'duration', series: name, at: t, amount: Number(d.duration) || 0 });
            if (d.success === false) emit({ metric: 'protocolErrors', series: name, at: t });
            if (d.class === 'automation') {
              emit({ metric: 'automations', series: String(d.operation), at: t });
              emit({
                metric: 'automations.unique',
                series: String(d.operation),
                at: t,
                member: String(d.rootGroupId),
              });
            }
          },
        ),
    },
    {
      name: 'agents',
      metrics: ['agents'],
      read: (until, emit) =>
        created(COLLECTIONS.agents, until, ['type', 'linked'], (d, t) =>
          emit({
            metric: 'agents',
            series: `${d.type}|${d.linked ? 'linked' : 'unlinked'}`,
            at: t,
          }),
        ),
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
      last: true,
      read: (until, emit) =>
        created(COLLECTIONS.structures, until, ['_groups'], (d, t) => {
          for (const g of Object.values(
            (d._groups ?? {}) as Record<string, { type?: string; name?: string }>,
          )) {
            emit({
              metric: 'groups',
              series: `${g.type ?? 'other'}|${g.name ?? g.type ?? 'other'}`,
              at: t,
            });
          }
        }),
    },
    {
      name: 'clients',
      metrics: ['appVersions', 'clientDeviceTypes'],
      read: (until, emit) =>
        created(
          COLLECTIONS.clientDevices,
          until,
          ['platform', 'appVersion', 'deviceType', 'lastSeenDate'],
          (d, t) => {
            emit({ metric: 'appVersions', series: `${d.platform}|${d.appVersion}`, at: t });
            emit({ metric: 'clientDeviceTypes', series: `new|${d.deviceType}`, at: t });
            const seen = Math.min(at(d.lastSeenDate), until.getTime() - 1);
            emit({ metric: 'clientDeviceTypes', series: `active|${d.deviceType}`, at: seen });
          },
        ),
    },
    {
      name: 'data monitor (Gen2)',
      metrics: ['dmGen2'],
      read: async (until, emit) => {
        await created(COLLECTIONS.hubs, until, [], (_d, t) =>
          emit({ metric: 'dmGen2', series: 'new_linkplus', at: t, only: 'd' }),
        );
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
