import {
  ANALYTICS_LIST_MAX,
  COCO_NEXA_PREFIXES,
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
import type pg from 'pg';
import type { ReadModels } from '../read-models/plugin.ts';

const DAY = 86_400_000;

export interface Range {
  from: Date;
  to: Date;
}

interface StructureRow {
  root_group_id: string;
  name: string;
  created: Date;
  owner_email: string | null;
  connect: number;
  smart: number;
  lwrf: number;
  others: number;
  total: number;
  l2: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Device counts per generation of each structure, from the products read model. */
const COUNTS = `count(p.id)::int as total,
  (count(p.id) filter (where p.generation = 'connect'))::int as connect,
  (count(p.id) filter (where p.generation = 'smart'))::int as smart,
  (count(p.id) filter (where p.generation = 'lwrfTwWay_v1'))::int as lwrf,
  (count(p.id) filter (where p.generation = 'others'))::int as others,
  (count(p.id) filter (where p.product_code = 'L2'))::int as l2`;

/**
 * Structure and user analytics (analytics spec §2), read from the read models the stats service
 * keeps of the Gen2 documents (`src/read-models/`, docs/read-models.md) and from the Gen1 tables,
 * on a pool whose statements the server stops at the request deadline.
 */
export class AnalyticsStore {
  private readonly models: ReadModels;

  constructor(models: ReadModels) {
    this.models = models;
  }

  private get pool(): pg.Pool {
    return this.models.pool;
  }

  /** The newest structure's creation (the world's clock for the structure screens), else now. */
  async newestStructure(): Promise<Date> {
    await this.models.need('structures');
    const r = await this.pool.query<{ t: Date | null }>('select max(created) as t from rm_structures');
    return r.rows[0]?.t ?? new Date();
  }

  /** The newest user's creation, else now. */
  async newestUser(): Promise<Date> {
    await this.models.need('users');
    const r = await this.pool.query<{ t: Date | null }>('select max(created) as t from rm_users');
    return r.rows[0]?.t ?? new Date();
  }

  /**
   * Structures created in the range, newest first, with their device counts: the newest `limit`
   * (or every one with devices when `withDevicesOnly`), and the range's totals.
   */
  private async structuresIn(range: Range, limit: number, withDevicesOnly: boolean) {
    await this.models.need('structures', 'products', 'users');
    const r = await this.pool.query<
      StructureRow & { n: number; n_empty: number; having: Record<Generation, number> }
    >(
      `with s as (
         select s.root_group_id, s.name, s.created, s.owner, ${COUNTS}
           from rm_structures s left join rm_products p on p.root_group_id = s.root_group_id
          where s.created between $1 and $2
          group by s.id),
       totals as (
         select count(*)::int as n, (count(*) filter (where total = 0))::int as n_empty,
                json_build_object(
                  'connect', count(*) filter (where connect > 0),
                  'smart', count(*) filter (where smart > 0),
                  'lwrfTwWay_v1', count(*) filter (where lwrf > 0),
                  'others', count(*) filter (where others > 0)) as having
           from s)
       select t.n, t.n_empty, t.having, l.*, (select u.email from rm_users u where u.user_id = l.owner limit 1) as owner_email
         from totals t
         left join lateral (select * from s where not $4 or s.total > 0 order by s.created desc limit $3) l on true`,
      [range.from, range.to, limit, withDevicesOnly],
    );
    const head = r.rows[0];
    return {
      total: head?.n ?? 0,
      empty: head?.n_empty ?? 0,
      having: head?.having,
      rows: r.rows.filter((x) => x.root_group_id !== null),
    };
  }

  async productStructures(range: Range, limit: number): Promise<ProductStructures> {
    const { total, empty, having, rows } = await this.structuresIn(range, limit, false);
    const pc = (g: Generation) => (total ? round1((100 * (having?.[g] ?? 0)) / total) : 0);
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      structures: rows.map((s) => ({
        rootGroupId: s.root_group_id,
        name: s.name,
        createdDate: s.created.toISOString(),
        user: s.owner_email,
        connect: s.connect,
        smart: s.smart,
        lwrfTwWay_v1: s.lwrf,
        others: s.others,
        total: s.total,
      })),
      summary: {
        total,
        totalShown: rows.length,
        empty,
        percent: {
          connect: pc('connect'),
          smart: pc('smart'),
          lwrfTwWay_v1: pc('lwrfTwWay_v1'),
          others: pc('others'),
        },
      },
    };
  }

  async recentStructures(range: Range, limit: number): Promise<RecentStructures> {
    const { total, empty, rows } = await this.structuresIn(range, limit, true);
    const listed = rows.map((s) => ({
      rootGroupId: s.root_group_id,
      createdDate: s.created.toISOString(),
      l2: s.l2,
      smart: s.smart - s.l2,
      connect: s.connect,
      others: s.others + s.lwrf,
      total: s.total,
    }));
    const sum = (k: 'smart' | 'connect' | 'others') => listed.reduce((n, s) => n + s[k], 0);
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      structures: listed,
      summary: { total, empty, smart: sum('smart'), connect: sum('connect'), others: sum('others') },
    };
  }

  /** The structures with the most devices: ranked in the products read model, with their sizes. */
  async topStructures(top: number): Promise<TopStructures> {
    await this.models.need('structures', 'products', 'users');
    const [r, asOf] = await Promise.all([
      this.pool.query<{
        root_group_id: string;
        created: Date;
        updated: Date | null;
        devices: number;
        automations: number;
        groups: number;
        owner_email: string | null;
      }>(
        `with top as (select root_group_id from rm_products group by 1 order by count(*) desc, 1 limit $1)
         select s.root_group_id, s.created, s.updated, s.devices, s.automations, s.groups,
                (select u.email from rm_users u where u.user_id = s.owner limit 1) as owner_email
           from top join rm_structures s on s.root_group_id = top.root_group_id`,
        [top],
      ),
      this.newestStructure(),
    ]);
    const rows = r.rows.map((s) => ({
      rootGroupId: s.root_group_id,
      user: s.owner_email,
      createdDate: s.created.toISOString(),
      ageDays: round1((asOf.getTime() - s.created.getTime()) / DAY),
      updatedDate: (s.updated ?? s.created).toISOString(),
      devices: s.devices,
      automations: s.automations,
      groups: s.groups,
    }));
    rows.sort((a, b) => b.devices - a.devices || a.rootGroupId.localeCompare(b.rootGroupId));
    return { asOf: asOf.toISOString(), structures: rows };
  }

  /** E-mails by user id, from the users read model. */
  private async emails(userIds: string[]): Promise<Map<string, string>> {
    const r = await this.pool.query<{ user_id: string; email: string }>(
      'select user_id, email from rm_users where user_id = any($1::text[])',
      [[...new Set(userIds)]],
    );
    return new Map(r.rows.map((u) => [u.user_id, u.email]));
  }

  /** Users created from `from` on, newest first (at most `ANALYTICS_LIST_MAX`), with devices and sharers. */
  async recentUsers(from: Date): Promise<RecentUsers> {
    await this.models.need('structures', 'products', 'users');
    const [count, users] = await Promise.all([
      this.pool.query<{ n: number }>('select count(*)::int as n from rm_users where created >= $1', [from]),
      this.pool.query<{ user_id: string; email: string; created: Date; root_group_ids: string[] }>(
        `select user_id, email, created, root_group_ids from rm_users
          where created >= $1 order by created desc limit $2`,
        [from, ANALYTICS_LIST_MAX],
      ),
    ]);
    const ids = [...new Set(users.rows.flatMap((u) => u.root_group_ids))];
    const [access, devices] = await Promise.all([
      this.pool.query<{ root_group_id: string; user_ids: string[] }>(
        'select root_group_id, user_ids from rm_structures where root_group_id = any($1::text[])',
        [ids],
      ),
      this.pool.query<{ root_group_id: string; n: number }>(
        'select root_group_id, count(*)::int as n from rm_products where root_group_id = any($1::text[]) group by 1',
        [ids],
      ),
    ]);
    const sharers = new Map(access.rows.map((s) => [s.root_group_id, s.user_ids]));
    const counts = new Map(devices.rows.map((d) => [d.root_group_id, d.n]));
    const emails = await this.emails([...sharers.values()].flat());
    return {
      from: from.toISOString(),
      total: count.rows[0]?.n ?? 0,
      users: users.rows.map((u) => ({
        userId: u.user_id,
        email: u.email,
        createdDate: u.created.toISOString(),
        devices: u.root_group_ids.reduce((n, id) => n + (counts.get(id) ?? 0), 0),
        structures: u.root_group_ids.map((id) => ({
          rootGroupId: id,
          otherUsers: (sharers.get(id) ?? []).filter((x) => x !== u.user_id).map((x) => emails.get(x) ?? x),
        })),
      })),
    };
  }

  /** The newest Gen1 link's creation (seconds in the table), else now. */
  async newestLink(): Promise<Date> {
    const r = await this.pool.query<{ t: string | null }>('select max(created) as t from wfls');
    return r.rows[0]?.t ? new Date(Number(r.rows[0].t) * 1000) : new Date();
  }

  /** Gen1 links added in the range, newest first (at most `ANALYTICS_LIST_MAX` read). */
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
      total: number;
    }>(
      `with w as (
         select w.*, count(*) over () as total from wfls w
          where w.created >= $1 and w.created <= $2 order by w.created desc limit $5)
       select w.mac, w.firmware, u.email, w.pingtime, w.created, w.updated, w.total::int as total,
              count(d.device_id)::int as devices,
              coalesce(bool_or(d.device_type_id = any($3::int[])), false) as heating,
              coalesce(bool_or(d.device_type_id = $4), false) as energy
         from w join users u on u.user_id = w.user_id
         left join devices d on d.wfl_id = w.wfl_id
        group by w.wfl_id, w.mac, w.firmware, w.pingtime, w.created, w.updated, w.total, u.email
        order by w.created desc`,
      [
        Math.floor(range.from.getTime() / 1000),
        Math.floor(range.to.getTime() / 1000),
        [...HEATING_DEVICE_TYPES],
        ENERGY_DEVICE_TYPE,
        ANALYTICS_LIST_MAX,
      ],
    );
    const internal = (mac: string) => COCO_NEXA_PREFIXES.some((p) => displayMac(mac).startsWith(p));
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      total: r.rows[0]?.total ?? 0,
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
