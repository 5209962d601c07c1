import type { HostHeartbeat, HostRecord } from '@console/contracts';
import type pg from 'pg';

interface Row {
  id: string;
  name: string;
  host: string;
  host_type: string;
  kind: string;
  latest: HostHeartbeat | null;
  added_at: Date;
  heartbeats: string;
}

const toRecord = (r: Row): HostRecord => ({
  _id: r.id,
  name: r.name,
  host: r.host,
  hostType: r.host_type,
  kind: r.kind,
  latest: r.latest,
  heartbeats: Number(r.heartbeats),
  addedAt: r.added_at.toISOString(),
});

const SELECT = `select h.id, h.name, h.host, h.host_type, h.kind, h.latest, h.added_at,
  (select count(*) from supervisor_heartbeats b where b.host_id = h.id) as heartbeats
  from supervisor_hosts h`;

/** The board's hosts in Postgres: each host's latest heartbeat, and the history of them. */
export class HostStore {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  /**
   * Keeps a heartbeat: the host's latest (unless a newer one is already kept: instances of the
   * service share the subscription, and a late one must not roll the board back) plus one
   * history row, in one statement. Returns false when it was older than the kept one.
   */
  async record(beat: HostHeartbeat): Promise<boolean> {
    const at = beat.stats.lastHeartBeat.createdDate;
    const r = await this.pool.query(
      `with h as (
         insert into supervisor_hosts as s (id, name, host, host_type, kind, latest, updated_at)
         values ($1, $2, $3, $4, $5, $6, now())
         on conflict (id) do update set name = excluded.name, host = excluded.host,
           host_type = excluded.host_type, kind = excluded.kind, latest = excluded.latest, updated_at = now()
         where s.latest is null or (s.latest->'stats'->'lastHeartBeat'->>'createdDate')::timestamptz <= $7::timestamptz
         returning id)
       insert into supervisor_heartbeats (host_id, at, beat) select id, $7, $6 from h`,
      [beat._id, beat.name, beat.host, beat.hostType, beat.kind, JSON.stringify(beat), at],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async list(): Promise<HostRecord[]> {
    const r = await this.pool.query<Row>(`${SELECT} order by h.kind, h.name`);
    return r.rows.map(toRecord);
  }

  async get(id: string): Promise<HostRecord | null> {
    const r = await this.pool.query<Row>(`${SELECT} where h.id = $1`, [id]);
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  /** A host watched by hand (core spec §7 POST /api/supervisord); null when it is already there. */
  async add(h: { id: string; host: string; kind: string }): Promise<HostRecord | null> {
    const r = await this.pool.query(
      `insert into supervisor_hosts (id, name, host, kind) values ($1, $1, $2, $3)
       on conflict (id) do nothing returning id`,
      [h.id, h.host, h.kind],
    );
    return r.rowCount ? this.get(h.id) : null;
  }

  /** Removes the host and (by cascade) its history; false when there was none. */
  async remove(id: string): Promise<boolean> {
    const r = await this.pool.query('delete from supervisor_hosts where id = $1', [id]);
    return (r.rowCount ?? 0) > 0;
  }

  async prune(olderThanHours: number): Promise<number> {
    const r = await this.pool.query(
      `delete from supervisor_heartbeats where at < now() - make_interval(hours => $1)`,
      [olderThanHours],
    );
    return r.rowCount ?? 0;
  }
}
