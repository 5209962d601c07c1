import {
  COCO_NEXA_PREFIXES,
  COLLECTIONS,
  displayMac,
  ENERGY_DEVICE_TYPE,
  type Generation,
  HEATING_DEVICE_TYPES,
  type ProductStructures,
  type RecentStructures,
  type RecentUsers,
  type TopStructures,
  type UserTrack,
} from '@console/contracts';
import { findByIds } from '@console/kit';
import type { Db, Document } from 'mongodb';
import type pg from 'pg';

const DAY = 86_400_000;

export interface Range {
  from: Date;
  to: Date;
}

/**
 * A device's generation: migrated Gen1 devices (and the 433 MHz protocol) are connect, the hub and
 * 868 MHz devices smart, the two-way v1 protocol its own; virtual and unknown devices are others.
 */
export function generationOf(p: Document): Generation {
  const protocol = (p.attributes as { protocol?: string } | undefined)?.protocol;
  if (p.migrated || protocol === 'lwrf-433') return 'connect';
  if (protocol === 'lwrf-hub' || protocol === 'lwrf-868') return 'smart';
  if (protocol === 'lwrfTwWay_v1') return 'lwrfTwWay_v1';
  return 'others';
}

interface Counts {
  connect: number;
  smart: number;
  lwrfTwWay_v1: number;
  others: number;
  total: number;
  l2: number;
}
const zero = (): Counts => ({ connect: 0, smart: 0, lwrfTwWay_v1: 0, others: 0, total: 0, l2: 0 });

/** What the analytics need of every structure: small, read in one scan (see `structureHeads`). */
interface StructureHead {
  rootGroupId: string;
  name: string;
  createdDate: Date;
  /** Everyone with access, in the structure's order. */
  userIds: string[];
  owner: string | null;
}

interface Heads {
  at: number;
  /** Newest first. */
  list: StructureHead[];
  byId: Map<string, StructureHead>;
}

/** How long the structure heads are used as read; older, they are read again. */
const HEADS_FRESH_MS = 60_000;
/** How long stale heads are still answered with while they are read again in the background. */
const HEADS_STALE_MS = 10 * 60_000;
const iso = (d: unknown) => (d instanceof Date ? d : new Date(String(d))).toISOString();
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Structure and user analytics over the Gen2 documents and the Gen1 links (analytics spec §2). */
export class AnalyticsStore {
  private readonly db: Db;
  private readonly pool: pg.Pool;

  private heads: Heads | undefined;
  private loadingHeads: Promise<Heads> | undefined;

  constructor(db: Db, pool: pg.Pool) {
    this.db = db;
    this.pool = pool;
  }

  /** The newest `createdDate` of a collection (the world's clock), else now. */
  async newest(collection: string): Promise<Date> {
    const [d] = await this.db
      .collection(collection)
      .find({}, { projection: { createdDate: 1 } })
      .sort({ createdDate: -1 })
      .limit(1)
      .toArray();
    return d?.createdDate instanceof Date ? d.createdDate : new Date();
  }

  /**
   * Every structure's id, name, creation and access, newest first. FerretDB (the stand-in for MongoDB
   * here) pushes neither a date range nor a sort down to Postgres and decodes each whole structure
   * (tens of kB) to project it, so a range read of the structures costs a scan of all of them: about
   * 6 s for the demo's 1,256. The heads are therefore read in one scan and kept for
   * `HEADS_FRESH_MS`; after that, for up to `HEADS_STALE_MS`, the old ones answer while the next
   * scan runs. The analytics are as of that scan; everything else they show is read per structure.
   */
  structureHeads(): Promise<Heads> {
    const h = this.heads;
    const age = h ? Date.now() - h.at : Number.POSITIVE_INFINITY;
    if (h && age < HEADS_FRESH_MS) return Promise.resolve(h);
    this.loadingHeads ??= this.readHeads().finally(() => {
      this.loadingHeads = undefined;
    });
    if (h && age < HEADS_STALE_MS) {
      this.loadingHeads.catch(() => undefined);
      return Promise.resolve(h);
    }
    return this.loadingHeads;
  }

  private async readHeads(): Promise<Heads> {
    const at = Date.now();
    const list: StructureHead[] = [];
    const cursor = this.db
      .collection(COLLECTIONS.structures)
      .find(
        {},
        { projection: { rootGroupId: 1, name: 1, createdDate: 1, userRootAccess: 1 }, batchSize: 5000 },
      );
    for await (const d of cursor) {
      const created = d.createdDate instanceof Date ? d.createdDate : new Date(String(d.createdDate));
      if (Number.isNaN(created.getTime())) continue;
      list.push({
        rootGroupId: String(d.rootGroupId),
        name: String(d.name ?? ''),
        createdDate: created,
        userIds: ((d.userRootAccess ?? []) as { userId: unknown }[]).map((a) => String(a.userId)),
        owner: AnalyticsStore.owner(d),
      });
    }
    list.sort((a, b) => b.createdDate.getTime() - a.createdDate.getTime());
    this.heads = { at, list, byId: new Map(list.map((x) => [x.rootGroupId, x])) };
    return this.heads;
  }

  /** The newest structure's creation (the world's clock for the structure screens), else now. */
  async newestStructure(): Promise<Date> {
    return (await this.structureHeads()).list[0]?.createdDate ?? new Date();
  }

  /** Documents of `collection` whose `field` is one of `ids`, by equality (see `findByIds`). */
  private byIds(
    collection: string,
    field: string,
    ids: readonly string[],
    projection: Document,
    fn: (d: Document) => void,
  ): Promise<void> {
    return findByIds(this.db.collection(collection), field, ids, projection, fn);
  }

  /** Structures created in the range, newest first, with device counts per generation. */
  private async structuresIn(range: Range) {
    const { list } = await this.structureHeads();
    const from = range.from.getTime();
    const to = range.to.getTime();
    const inRange = list.filter((s) => s.createdDate.getTime() >= from && s.createdDate.getTime() <= to);
    const counts = await this.deviceCounts(inRange.map((s) => s.rootGroupId));
    return inRange.map((head) => ({ head, counts: counts.get(head.rootGroupId) ?? zero() }));
  }

  private async deviceCounts(rootGroupIds: string[]): Promise<Map<string, Counts>> {
    const out = new Map<string, Counts>();
    await this.byIds(
      COLLECTIONS.products,
      'rootGroupId',
      rootGroupIds,
      { rootGroupId: 1, productCode: 1, migrated: 1, 'attributes.protocol': 1 },
      (p) => {
        const id = String(p.rootGroupId);
        const c = out.get(id) ?? zero();
        c[generationOf(p)] += 1;
        c.total += 1;
        if (p.productCode === 'L2') c.l2 += 1;
        out.set(id, c);
      },
    );
    return out;
  }

  /** E-mails by user id. */
  private async emails(userIds: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    await this.byIds(COLLECTIONS.users, 'userId', userIds, { userId: 1, email: 1 }, (u) =>
      out.set(String(u.userId), String(u.email)),
    );
    return out;
  }

  private static owner(s: Document): string | null {
    const access = (s.userRootAccess ?? []) as { userId: string; levels?: string[] }[];
    return (access.find((a) => a.levels?.includes('owner')) ?? access[0])?.userId ?? null;
  }

  async productStructures(range: Range, limit: number): Promise<ProductStructures> {
    const all = await this.structuresIn(range);
    const shown = all.slice(0, limit);
    const emails = await this.emails(shown.map((s) => s.head.owner).filter((u) => u !== null));
    const having = (g: Generation) =>
      all.length ? round1((100 * all.filter((s) => s.counts[g] > 0).length) / all.length) : 0;
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      structures: shown.map(({ head, counts }) => {
        const { owner } = head;
        return {
          rootGroupId: head.rootGroupId,
          name: head.name,
          createdDate: head.createdDate.toISOString(),
          user: owner ? (emails.get(owner) ?? null) : null,
          connect: counts.connect,
          smart: counts.smart,
          lwrfTwWay_v1: counts.lwrfTwWay_v1,
          others: counts.others,
          total: counts.total,
        };
      }),
      summary: {
        total: all.length,
        totalShown: shown.length,
        empty: all.filter((s) => s.counts.total === 0).length,
        percent: {
          connect: having('connect'),
          smart: having('smart'),
          lwrfTwWay_v1: having('lwrfTwWay_v1'),
          others: having('others'),
        },
      },
    };
  }

  async recentStructures(range: Range, limit: number): Promise<RecentStructures> {
    const all = await this.structuresIn(range);
    const withDevices = all.filter((s) => s.counts.total > 0);
    const listed = withDevices.slice(0, limit).map(({ head, counts }) => ({
      rootGroupId: head.rootGroupId,
      createdDate: head.createdDate.toISOString(),
      l2: counts.l2,
      smart: counts.smart - counts.l2,
      connect: counts.connect,
      others: counts.others + counts.lwrfTwWay_v1,
      total: counts.total,
    }));
    const sum = (k: 'smart' | 'connect' | 'others') => listed.reduce((n, s) => n + s[k], 0);
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      structures: listed,
      summary: {
        total: all.length,
        empty: all.length - withDevices.length,
        smart: sum('smart'),
        connect: sum('connect'),
        others: sum('others'),
      },
    };
  }

  /** The structures with the most devices: one $group over the products, then those structures. */
  async topStructures(top: number): Promise<TopStructures> {
    const ranked = await this.db
      .collection(COLLECTIONS.products)
      .aggregate<{ _id: string; n: number }>([
        { $group: { _id: '$rootGroupId', n: { $sum: 1 } } },
        { $sort: { n: -1, _id: 1 } },
        { $limit: top },
      ])
      .toArray();
    const docs: Document[] = [];
    const [, asOf] = await Promise.all([
      this.byIds(
        COLLECTIONS.structures,
        'rootGroupId',
        ranked.map((r) => String(r._id)),
        {
          rootGroupId: 1,
          createdDate: 1,
          updatedDate: 1,
          devices: 1,
          automations: 1,
          _groups: 1,
          userRootAccess: 1,
        },
        (d) => docs.push(d),
      ),
      this.newestStructure(),
    ]);
    const emails = await this.emails(docs.map((d) => AnalyticsStore.owner(d)).filter((u) => u !== null));
    const keys = (o: unknown) => Object.keys((o ?? {}) as object).length;
    const rows = docs.map((d) => {
      const owner = AnalyticsStore.owner(d);
      const created = d.createdDate instanceof Date ? d.createdDate : new Date(String(d.createdDate));
      return {
        rootGroupId: String(d.rootGroupId),
        user: owner ? (emails.get(owner) ?? null) : null,
        createdDate: created.toISOString(),
        ageDays: round1((asOf.getTime() - created.getTime()) / DAY),
        updatedDate: iso(d.updatedDate),
        devices: keys(d.devices),
        automations: keys(d.automations),
        groups: keys(d._groups),
      };
    });
    rows.sort((a, b) => b.devices - a.devices || a.rootGroupId.localeCompare(b.rootGroupId));
    return { asOf: asOf.toISOString(), structures: rows };
  }

  async recentUsers(from: Date): Promise<RecentUsers> {
    const users = await this.db
      .collection(COLLECTIONS.users)
      .find(
        { createdDate: { $gte: from } },
        { projection: { userId: 1, email: 1, createdDate: 1, rootGroupIds: 1 } },
      )
      .sort({ createdDate: -1 })
      .toArray();
    const ids = [...new Set(users.flatMap((u) => (u.rootGroupIds ?? []) as string[]))];
    const { byId } = await this.structureHeads();
    const access = new Map(ids.map((id) => [id, byId.get(id)?.userIds ?? []]));
    const [emails, counts] = await Promise.all([
      this.emails([...access.values()].flat()),
      this.deviceCounts(ids),
    ]);
    return {
      from: from.toISOString(),
      users: users.map((u) => {
        const own = (u.rootGroupIds ?? []) as string[];
        return {
          userId: String(u.userId),
          email: String(u.email),
          createdDate: iso(u.createdDate),
          devices: own.reduce((n, id) => n + (counts.get(id)?.total ?? 0), 0),
          structures: own.map((id) => ({
            rootGroupId: id,
            otherUsers: (access.get(id) ?? [])
              .filter((x) => x !== String(u.userId))
              .map((x) => emails.get(x) ?? x),
          })),
        };
      }),
    };
  }

  /** The newest Gen1 link's creation (seconds in the table), else now. */
  async newestLink(): Promise<Date> {
    const r = await this.pool.query<{ t: string | null }>('select max(created) as t from wfls');
    return r.rows[0]?.t ? new Date(Number(r.rows[0].t) * 1000) : new Date();
  }

  async userTrack(range: Range, cocoNexa: boolean): Promise<UserTrack> {
    const r = await this.pool.query<{
      mac: string;
      firmware: string | null;
      email: string;
      pingtime: string | null;
      created: string;
      updated: string;
      devices: number;
      heating: boolean;
      energy: boolean;
    }>(
      `select w.mac, w.firmware, u.email, w.pingtime, w.created, w.updated,
              count(d.device_id)::int as devices,
              coalesce(bool_or(d.device_type_id = any($3::int[])), false) as heating,
              coalesce(bool_or(d.device_type_id = $4), false) as energy
         from wfls w join users u on u.user_id = w.user_id
         left join devices d on d.wfl_id = w.wfl_id
        where w.created >= $1 and w.created <= $2
        group by w.wfl_id, u.email
        order by w.created desc`,
      [
        Math.floor(range.from.getTime() / 1000),
        Math.floor(range.to.getTime() / 1000),
        [...HEATING_DEVICE_TYPES],
        ENERGY_DEVICE_TYPE,
      ],
    );
    const internal = (mac: string) => COCO_NEXA_PREFIXES.some((p) => displayMac(mac).startsWith(p));
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      rows: r.rows
        .filter((row) => cocoNexa || !internal(row.mac))
        .map((row) => {
          const first = Number(row.created) * 1000;
          const last = (row.pingtime !== null ? Number(row.pingtime) : Number(row.updated)) * 1000;
          return {
            mac: row.mac,
            firmware: row.firmware,
            email: row.email,
            pingtime: row.pingtime !== null ? new Date(Number(row.pingtime) * 1000).toISOString() : null,
            ageDays: round1(Math.max(0, last - first) / DAY),
            firstSeen: new Date(first).toISOString(),
            lastSeen: new Date(last).toISOString(),
            devices: row.devices,
            heating: row.heating,
            energy: row.energy,
          };
        }),
    };
  }
}
