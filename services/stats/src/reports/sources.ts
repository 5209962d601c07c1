import {
  type ActiveConnectBody,
  type ActiveLinkPlusBody,
  COLLECTIONS,
  type ExportBody,
  REPORT_ACTIVE_DAYS,
  type ReportName,
  type RunFeatureDataBody,
} from '@console/contracts';
import { cursorPages } from '@console/kit';
import type { Db, Document } from 'mongodb';
import type pg from 'pg';
import { featureDataSource } from './feature-data.ts';
import type { LiveRead } from './live-read.ts';

/** A row of a report, as cells. */
export type Cells = (string | number | boolean | null)[];

/**
 * One report: its header, how many rows it will have (counted first, for the progress bar), and its
 * rows as an async stream, read from the databases a page at a time (a server-side cursor in
 * Postgres, a batched cursor in Mongo): a report of millions of rows never sits in memory.
 */
export interface ReportSource {
  header: string[];
  count(): Promise<number>;
  rows(): AsyncIterable<Cells>;
  /** What the job keeps once every row is written (a feature-data run's stats); none for exports. */
  summary?(): Record<string, unknown>;
}

export interface SourceDeps {
  pool: pg.Pool;
  db: Db;
  /** Rows read per database round trip. */
  page: number;
  now?: Date;
  /** Query Live for missing (feature-data runs): reads from the hubs through hub-control. */
  liveRead?: LiveRead;
}

const DAY = 86_400_000;

/** A date as the CSV shows it: ISO 8601 (UTC), or empty. */
export function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : typeof v === 'number' ? new Date(v) : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
const fromEpochSeconds = (v: string | number | null) => (v === null ? null : iso(Number(v) * 1000));

/** Rows of a Postgres query through a server-side cursor, `page` at a time, in one read-only transaction. */
export async function* pgRows<R>(
  pool: pg.Pool,
  sql: string,
  params: unknown[],
  page: number,
): AsyncGenerator<R> {
  for await (const rows of cursorPages<R>(pool, sql, params, page)) yield* rows;
}

async function pgCount(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** Mongo documents in stored order, `page` at a time, with the looked-up owners of each page. */
async function* mongoPages(db: Db, collection: string, filter: Document, projection: Document, page: number) {
  // No sort: FerretDB 1.x would sort the whole collection in its memory before the first batch.
  const cursor = db.collection(collection).find(filter, { projection, batchSize: page });
  let batch: Document[] = [];
  for await (const doc of cursor) {
    batch.push(doc);
    if (batch.length >= page) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** userId → e-mail for a page of documents (one `$in` look-up, no `$lookup`: FerretDB 1.x serves it). */
async function emailsOf(
  db: Db,
  userIds: Iterable<string>,
): Promise<Map<string, { email: string; created: unknown }>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, { email: string; created: unknown }>();
  if (!ids.length) return out;
  const users = db
    .collection(COLLECTIONS.users)
    .find({ userId: { $in: ids } }, { projection: { _id: 0, userId: 1, email: 1, createdDate: 1 } });
  for await (const u of users) out.set(String(u.userId), { email: String(u.email), created: u.createdDate });
  return out;
}

/** hubId → owner's userId for a page of products. */
async function ownersOf(db: Db, hubIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(hubIds)];
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const hubs = db
    .collection(COLLECTIONS.hubs)
    .find({ hubId: { $in: ids } }, { projection: { _id: 0, hubId: 1, userId: 1 } });
  for await (const h of hubs) out.set(Number(h.hubId), String(h.userId));
  return out;
}

async function* concat(...parts: (AsyncIterable<Cells> | null)[]): AsyncGenerator<Cells> {
  for (const p of parts) if (p) yield* p;
}

const sum = async (...counts: (Promise<number> | null)[]) =>
  (await Promise.all(counts.map((c) => c ?? 0))).reduce((a, b) => a + b, 0);

/**
 * An export of the generations the body asks for: Link 1's rows of a Postgres table, then Link+'s
 * documents of a collection (counted whole: every row and document is one line).
 */
function bothGenerations(
  d: SourceDeps,
  p: ExportBody,
  header: string[],
  gen1: { table: string; rows: () => AsyncIterable<Cells> },
  gen2: { collection: string; rows: () => AsyncIterable<Cells> },
): ReportSource {
  return {
    header,
    count: () =>
      sum(
        p.link1 ? pgCount(d.pool, `select count(*) as n from ${gen1.table}`) : null,
        p.linkPlus ? d.db.collection(gen2.collection).countDocuments({}) : null,
      ),
    rows: () => concat(p.link1 ? gen1.rows() : null, p.linkPlus ? gen2.rows() : null),
  };
}

function allEmails(d: SourceDeps, p: ExportBody): ReportSource {
  return bothGenerations(
    d,
    p,
    ['generation', 'userId', 'email', 'name', 'created'],
    { table: 'users', rows: () => gen1Users(d) },
    { collection: COLLECTIONS.users, rows: () => gen2Users(d) },
  );
}

async function* gen1Users(d: SourceDeps): AsyncGenerator<Cells> {
  for await (const r of pgRows<{ user_id: string; email: string; name: string; created: string }>(
    d.pool,
    'select user_id, email, name, created from users order by user_id',
    [],
    d.page,
  ))
    yield ['Link', r.user_id, r.email, r.name, fromEpochSeconds(r.created)];
}

async function* gen2Users(d: SourceDeps): AsyncGenerator<Cells> {
  for await (const page of mongoPages(
    d.db,
    COLLECTIONS.users,
    {},
    { _id: 1, userId: 1, email: 1, createdDate: 1 },
    d.page,
  ))
    for (const u of page) yield ['Link Plus', String(u.userId), String(u.email), null, iso(u.createdDate)];
}

function activeConnect(d: SourceDeps, p: ActiveConnectBody): ReportSource {
  const since = Math.floor(
    ((d.now ?? new Date()).getTime() - (p.activeInLastDays ?? REPORT_ACTIVE_DAYS.default) * DAY) / 1000,
  );
  return {
    header: ['userId', 'email', 'name', 'mac', 'linkName', 'lastPing'],
    count: () => pgCount(d.pool, 'select count(*) as n from wfls where pingtime >= $1', [since]),
    rows: async function* () {
      for await (const r of pgRows<{
        user_id: string;
        email: string;
        name: string;
        mac: string;
        wfl_name: string;
        pingtime: string;
      }>(
        d.pool,
        `select u.user_id, u.email, u.name, w.mac, w.name as wfl_name, w.pingtime
           from wfls w join users u on u.user_id = w.user_id
          where w.pingtime >= $1 order by w.wfl_id`,
        [since],
        d.page,
      ))
        yield [r.user_id, r.email, r.name, r.mac, r.wfl_name, fromEpochSeconds(r.pingtime)];
    },
  };
}

function links(d: SourceDeps, p: ExportBody): ReportSource {
  return bothGenerations(
    d,
    p,
    ['generation', 'link', 'name', 'serial', 'firmware', 'ownerUserId', 'ownerEmail', 'created', 'lastSeen'],
    { table: 'wfls', rows: () => gen1Links(d) },
    { collection: COLLECTIONS.hubs, rows: () => gen2Links(d) },
  );
}

async function* gen1Links(d: SourceDeps): AsyncGenerator<Cells> {
  for await (const r of pgRows<{
    mac: string;
    name: string;
    serial: string;
    firmware: string | null;
    user_id: string;
    email: string;
    created: string;
    pingtime: string | null;
  }>(
    d.pool,
    `select w.mac, w.name, w.serial, w.firmware, w.user_id, u.email, w.created, w.pingtime
       from wfls w join users u on u.user_id = w.user_id order by w.wfl_id`,
    [],
    d.page,
  ))
    yield [
      'Link',
      r.mac,
      r.name,
      r.serial,
      r.firmware,
      r.user_id,
      r.email,
      fromEpochSeconds(r.created),
      fromEpochSeconds(r.pingtime),
    ];
}

async function* gen2Links(d: SourceDeps): AsyncGenerator<Cells> {
  const projection = {
    _id: 1,
    hubId: 1,
    serial: 1,
    firmwareVersion: 1,
    userId: 1,
    createdDate: 1,
    updatedDate: 1,
  };
  for await (const page of mongoPages(d.db, COLLECTIONS.hubs, {}, projection, d.page)) {
    const emails = await emailsOf(
      d.db,
      page.map((h) => String(h.userId)),
    );
    for (const h of page)
      yield [
        'Link Plus',
        Number(h.hubId),
        null,
        String(h.serial),
        String(h.firmwareVersion),
        String(h.userId),
        emails.get(String(h.userId))?.email ?? null,
        iso(h.createdDate),
        iso(h.updatedDate),
      ];
  }
}

function activeLinkPlus(d: SourceDeps, p: ActiveLinkPlusBody): ReportSource {
  const from = new Date(p.fromDate);
  const to = new Date(p.toDate);
  const since = new Date(
    (d.now ?? new Date()).getTime() - (p.activeInLastDays ?? REPORT_ACTIVE_DAYS.default) * DAY,
  );
  const filter = { createdDate: { $gte: from, $lte: to } };
  return {
    header: ['userId', 'email', 'registered', 'hubId', 'serial', 'lastActive'],
    count: () => d.db.collection(COLLECTIONS.users).countDocuments(filter),
    rows: async function* () {
      const projection = { _id: 1, userId: 1, email: 1, createdDate: 1 };
      for await (const page of mongoPages(d.db, COLLECTIONS.users, filter, projection, d.page)) {
        const hubs = d.db
          .collection(COLLECTIONS.hubs)
          .find(
            { userId: { $in: page.map((u) => String(u.userId)) }, updatedDate: { $gte: since } },
            { projection: { _id: 0, hubId: 1, userId: 1, serial: 1, updatedDate: 1 } },
          );
        const byUser = new Map<string, Document[]>();
        for await (const h of hubs)
          byUser.set(String(h.userId), [...(byUser.get(String(h.userId)) ?? []), h]);
        for (const u of page)
          for (const h of byUser.get(String(u.userId)) ?? [])
            yield [
              String(u.userId),
              String(u.email),
              iso(u.createdDate),
              Number(h.hubId),
              String(h.serial),
              iso(h.updatedDate),
            ];
      }
    },
  };
}

function userDevices(d: SourceDeps, p: ExportBody): ReportSource {
  return bothGenerations(
    d,
    p,
    ['generation', 'userId', 'email', 'link', 'deviceId', 'deviceName', 'type', 'serial'],
    { table: 'devices', rows: () => gen1Devices(d) },
    { collection: COLLECTIONS.products, rows: () => gen2Devices(d, {}) },
  );
}

async function* gen1Devices(d: SourceDeps): AsyncGenerator<Cells> {
  for await (const r of pgRows<{
    user_id: string;
    email: string;
    mac: string;
    device_id: string;
    name: string;
    type: string;
    serial: string;
  }>(
    d.pool,
    `select u.user_id, u.email, w.mac, d.device_id, d.name, t.name as type, d.serial
       from devices d join wfls w on w.wfl_id = d.wfl_id join users u on u.user_id = w.user_id
       join device_types t on t.device_type_id = d.device_type_id
      order by d.device_id`,
    [],
    d.page,
  ))
    yield ['Link', r.user_id, r.email, r.mac, r.device_id, r.name, r.type, r.serial];
}

async function* gen2Devices(d: SourceDeps, filter: Document, extra = false): AsyncGenerator<Cells> {
  const projection = {
    _id: 1,
    deviceId: 1,
    linkId: 1,
    name: 1,
    productCode: 1,
    virtualProductCode: 1,
    serial: 1,
    rootGroupId: 1,
  };
  for await (const page of mongoPages(d.db, COLLECTIONS.products, filter, projection, d.page)) {
    const owners = await ownersOf(
      d.db,
      page.map((p) => Number(p.linkId)),
    );
    const emails = await emailsOf(d.db, owners.values());
    for (const p of page) {
      const owner = owners.get(Number(p.linkId)) ?? null;
      const email = owner ? (emails.get(owner)?.email ?? null) : null;
      if (extra)
        yield [
          owner,
          email,
          String(p.rootGroupId),
          Number(p.linkId),
          String(p.deviceId),
          String(p.name),
          String(p.productCode),
          p.virtualProductCode ? String(p.virtualProductCode) : null,
          String(p.serial),
        ];
      else
        yield [
          'Link Plus',
          owner,
          email,
          Number(p.linkId),
          String(p.deviceId),
          String(p.name),
          String(p.productCode),
          String(p.serial),
        ];
    }
  }
}

function productsWithConnect(d: SourceDeps): ReportSource {
  const filter = { migrated: true };
  return {
    header: [
      'userId',
      'email',
      'rootGroupId',
      'hubId',
      'deviceId',
      'deviceName',
      'productCode',
      'virtualProductCode',
      'serial',
    ],
    count: () => d.db.collection(COLLECTIONS.products).countDocuments(filter),
    rows: () => gen2Devices(d, filter, true),
  };
}

/** The source of each report, for the options the job was started with (already validated). */
export function reportSource(
  name: ReportName,
  params: Record<string, unknown>,
  deps: SourceDeps,
): ReportSource {
  switch (name) {
    case 'allEmails':
      return allEmails(deps, params as ExportBody);
    case 'activeConnect':
      return activeConnect(deps, params as ActiveConnectBody);
    case 'links':
      return links(deps, params as ExportBody);
    case 'activeLinkPlus':
      return activeLinkPlus(deps, params as ActiveLinkPlusBody);
    case 'userDevices':
      return userDevices(deps, params as ExportBody);
    case 'productsWithConnect':
      return productsWithConnect(deps);
    case 'featureData':
      return featureDataSource(deps, params as RunFeatureDataBody);
  }
}
