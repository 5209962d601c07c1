import {
  ApiError,
  GEN1_TEXT,
  type Gen1CommandRow,
  type Gen1PingRow,
  WFL_ONLINE_SECONDS,
} from '@console/contracts';
import { transaction } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    gen1: Gen1Store;
  }
}

/**
 * Ids of the command_queue and pings rows hub-control writes: one sequence of its own, starting
 * far above any id the world generator gives (customer index × block + n), and below 2^53.
 * The sequence is made by migrations/001_gen1_ids.sql.
 */
export const GEN1_ID_START = 1_000_000_000_000_000;
const SEQUENCE = 'hub_control_gen1_ids';

const UNDEFINED_TABLE = '42P01';

export interface Gen1Link {
  wfl_id: number;
  user_id: number;
  mac: string;
}

export interface QueuedEnd {
  reply: boolean;
  replyDate: Date | null;
  replyString: string | null;
  latency: number | null;
  ackDate: Date | null;
}

export interface PingIn {
  mac: string;
  date: Date;
  data: string;
  reply: string;
  node: string;
}

const COLUMNS =
  'id, wfl_id, mac, email, request_date, command, reply, reply_date, reply_string, latency, ack_date';

interface CommandDbRow {
  id: string;
  wfl_id: string;
  mac: string;
  email: string;
  request_date: Date;
  command: string;
  reply: boolean;
  reply_date: Date | null;
  reply_string: string | null;
  latency: number | null;
  ack_date: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function commandRow(r: CommandDbRow): Gen1CommandRow {
  return {
    id: Number(r.id),
    wfl_id: Number(r.wfl_id),
    mac: r.mac,
    email: r.email,
    request_date: r.request_date.toISOString(),
    command: r.command,
    reply: r.reply,
    reply_date: iso(r.reply_date),
    reply_string: r.reply_string,
    latency: r.latency,
    ack_date: iso(r.ack_date),
  };
}

/** A missing Gen1 table means the world was never loaded here: say so rather than a 500. */
export function isMissingTable(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === UNDEFINED_TABLE;
}

/**
 * The Gen1 tables hub-control reads and writes (seed 000 §3; schema owned by `@console/world`):
 * command_queue, pings, and wfls.pingtime, which it keeps as the ping server did.
 */
export class Gen1Store {
  readonly pool: pg.Pool;
  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  private async q<R extends pg.QueryResultRow>(sql: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(sql, values);
    } catch (err) {
      if (isMissingTable(err)) throw new ApiError(503, GEN1_TEXT.noTables);
      throw err;
    }
  }

  async latestPings(mac: string, limit: number): Promise<Gen1PingRow[]> {
    const { rows } = await this.q<{
      id: string;
      mac: string;
      date: Date;
      data: string;
      reply: string;
      node: string;
    }>('select id, mac, date, data, reply, node from pings where mac = $1 order by date desc limit $2', [
      mac,
      limit,
    ]);
    return rows.map((r) => ({ ...r, id: Number(r.id), date: r.date.toISOString() }));
  }

  /** The link's last sign of life: its newest ping, or the ping time on its row. */
  async lastPing(mac: string): Promise<Date | null> {
    const { rows } = await this.q<{ last: Date | null }>(
      `select greatest(
         (select max(date) from pings where mac = $1),
         (select to_timestamp(max(pingtime)) from wfls where mac = $1)
       ) as last`,
      [mac],
    );
    return rows[0]?.last ?? null;
  }

  isOnline(last: Date | null, now = Date.now()): boolean {
    return last !== null && now - last.getTime() < WFL_ONLINE_SECONDS * 1000;
  }

  /** Newest first: `count` rows (plus one, to tell whether more exist) older than `lastId`. */
  async commands(
    mac: string,
    count: number,
    lastId: number | null,
  ): Promise<{ rows: Gen1CommandRow[]; more: boolean }> {
    const { rows } = await this.q<CommandDbRow>(
      `select ${COLUMNS} from command_queue where mac = $1 and ($2::bigint is null or id < $2)
       order by id desc limit $3`,
      [mac, lastId, count + 1],
    );
    return { rows: rows.slice(0, count).map(commandRow), more: rows.length > count };
  }

  async noReply(mac: string, limit: number): Promise<{ rows: Gen1CommandRow[]; more: boolean }> {
    const { rows } = await this.q<CommandDbRow>(
      `select ${COLUMNS} from command_queue where mac = $1 and not reply order by id desc limit $2`,
      [mac, limit + 1],
    );
    return { rows: rows.slice(0, limit).map(commandRow), more: rows.length > limit };
  }

  /**
   * Deletes the un-executed commands (no ack) of a link: all of them, or those among the `count`
   * rows older than `lastId` (the rows a page shows).
   */
  async deleteUnexecuted(
    mac: string,
    window: { count: number; lastId: number | null } | null,
  ): Promise<number> {
    const res = window
      ? await this.q(
          `delete from command_queue where id in (
             select id from (
               select id, ack_date from command_queue where mac = $1 and ($2::bigint is null or id < $2)
               order by id desc limit $3
             ) shown where ack_date is null
           )`,
          [mac, window.lastId, window.count],
        )
      : await this.q('delete from command_queue where mac = $1 and ack_date is null', [mac]);
    return res.rowCount ?? 0;
  }

  async linksByMac(mac: string): Promise<Gen1Link[]> {
    const { rows } = await this.q<{ wfl_id: string; user_id: string; mac: string }>(
      'select wfl_id, user_id, mac from wfls where mac = $1 order by wfl_id',
      [mac],
    );
    return rows.map((r) => ({ wfl_id: Number(r.wfl_id), user_id: Number(r.user_id), mac: r.mac }));
  }

  async userExists(userId: number): Promise<boolean> {
    const { rowCount } = await this.q('select 1 from users where user_id = $1', [userId]);
    return (rowCount ?? 0) > 0;
  }

  /** The user's link by MAC, or by id: one of their wfl_ids first, else the link of one of their devices. */
  async userLink(userId: number, ref: { mac: string } | { id: number }): Promise<Gen1Link | null> {
    const { rows } =
      'mac' in ref
        ? await this.q<{ wfl_id: string; user_id: string; mac: string }>(
            'select wfl_id, user_id, mac from wfls where mac = $1 and user_id = $2 order by wfl_id limit 1',
            [ref.mac, userId],
          )
        : await this.q<{ wfl_id: string; user_id: string; mac: string }>(
            `select wfl_id, user_id, mac from (
               select w.wfl_id, w.user_id, w.mac, 0 as rank from wfls w where w.wfl_id = $1 and w.user_id = $2
               union all
               select w.wfl_id, w.user_id, w.mac, 1 from devices d join wfls w on w.wfl_id = d.wfl_id
                where d.device_id = $1 and w.user_id = $2
             ) found order by rank limit 1`,
            [ref.id, userId],
          );
    const r = rows[0];
    return r ? { wfl_id: Number(r.wfl_id), user_id: Number(r.user_id), mac: r.mac } : null;
  }

  /** The write-ahead record: the row exists, un-acknowledged, before the command leaves. */
  async queue(c: { wflId: number; mac: string; email: string; command: string; at: Date }): Promise<number> {
    const { rows } = await this.q<{ id: string }>(
      `insert into command_queue (id, wfl_id, mac, email, request_date, command, reply)
       values (nextval('${SEQUENCE}'), $1, $2, $3, $4, $5, false) returning id`,
      [c.wflId, c.mac, c.email, c.at, c.command],
    );
    return Number(rows[0]?.id);
  }

  async settle(id: number, end: QueuedEnd): Promise<void> {
    await this.q(
      `update command_queue set reply = $2, reply_date = $3, reply_string = $4, latency = $5, ack_date = $6
       where id = $1`,
      [id, end.reply, end.replyDate, end.replyString, end.latency, end.ackDate],
    );
  }

  /** Stores a batch of pings and moves each link's ping time forward. */
  async storePings(batch: PingIn[]): Promise<void> {
    if (batch.length === 0) return;
    await transaction(this.pool, async (client) => {
      await client.query(
        `insert into pings (id, mac, date, data, reply, node)
         select nextval('${SEQUENCE}'), * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[])`,
        [
          batch.map((p) => p.mac),
          batch.map((p) => p.date),
          batch.map((p) => p.data),
          batch.map((p) => p.reply),
          batch.map((p) => p.node),
        ],
      );
      await client.query(
        `update wfls w set pingtime = v.t
           from (select mac, max(t) as t from unnest($1::text[], $2::bigint[]) as x(mac, t) group by mac) v
          where w.mac = v.mac and (w.pingtime is null or w.pingtime < v.t)`,
        [batch.map((p) => p.mac), batch.map((p) => Math.floor(p.date.getTime() / 1000))],
      );
    });
  }

  /** Prunes the pings hub-control stored that are older than `keepHours` (never the world's own). */
  async prunePings(keepHours: number): Promise<number> {
    const res = await this.pool.query(
      `delete from pings where id >= $1 and date < now() - make_interval(hours => $2)`,
      [GEN1_ID_START, keepHours],
    );
    return res.rowCount ?? 0;
  }
}

export const gen1StorePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('gen1', new Gen1Store(app.pg));
  },
  { name: 'gen1-store', dependencies: ['postgres'] },
);
