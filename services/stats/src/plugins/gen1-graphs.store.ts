import {
  ACK_UNITS,
  type AckUnit,
  DAILY_BUCKETS,
  DEMAND_BUCKETS,
  GRAPH_DEFAULT_RANGES,
  type LatencyBucket,
  type RowsAnswer,
  type StatsRow,
  USERS_WITH_API_VOICE_MAX,
  type UsersWithApi,
} from '@console/contracts';
import type pg from 'pg';

export interface Range {
  from?: string;
  to?: string;
}

/** SQL for the latency bucket of `latency` (ms) as the bucket's index in `buckets`. */
function bucketCase(buckets: readonly LatencyBucket[]): string {
  const arms = buckets
    .map((b, i) => (b.to === null ? `else ${i}` : `when latency < ${b.to * 1000} then ${i}`))
    .join(' ');
  return `case ${arms} end`;
}

/** The Gen1 command queue's graphs (analytics spec §2, §7): ack stats, demand and daily buckets. */
export class Gen1GraphsStore {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  /** The range asked for, or the screen's default length ending with the newest command. */
  async range(r: Range, defaultMs: number, answered = false): Promise<{ from: Date; to: Date }> {
    let to = r.to ? new Date(r.to) : null;
    if (!to) {
      // The latency graphs count answered commands only: their default ends with the newest of those.
      const q = await this.pool.query<{ t: Date | null }>(
        `select max(request_date) as t from command_queue${answered ? ' where latency is not null' : ''}`,
      );
      to = q.rows[0]?.t ?? new Date();
    }
    const from = r.from ? new Date(r.from) : new Date(to.getTime() - defaultMs);
    return { from, to };
  }

  async ackStats(unit: AckUnit, r: Range, groupBySeconds?: number): Promise<RowsAnswer> {
    const { from, to } = await this.range(r, GRAPH_DEFAULT_RANGES.ackStatsMs);
    const g = groupBySeconds ?? ACK_UNITS[unit];
    const q = await this.pool.query<{ t: Date; total: string; noack: string }>(
      `select to_timestamp(floor(extract(epoch from request_date) / $3) * $3) as t,
              count(*) as total, count(*) filter (where ack_date is null) as noack
         from command_queue where request_date >= $1 and request_date <= $2 group by 1 order by 1`,
      [from, to, g],
    );
    const rows: StatsRow[] = q.rows.map((row) => ({
      stats_date: row.t.toISOString(),
      interval_range: unit,
      interval_seconds: g,
      record_count: Number(row.total) - Number(row.noack),
      total: Number(row.total),
      noAck: Number(row.noack),
    }));
    return { from: from.toISOString(), to: to.toISOString(), rows };
  }

  /** Commands per interval by latency bucket (answered commands only: a latency is needed). */
  async demand(
    intervalMinutes: number,
    r: Range & { groupbyseconds?: number; min?: number; max?: number },
  ): Promise<RowsAnswer> {
    const { from, to } = await this.range(r, GRAPH_DEFAULT_RANGES.demandMs, true);
    const g = r.groupbyseconds ?? intervalMinutes * 60;
    return this.byBucket(DEMAND_BUCKETS, from, to, g, r.min, r.max);
  }

  async daily(r: Range): Promise<RowsAnswer> {
    const { from, to } = await this.range(r, GRAPH_DEFAULT_RANGES.dailyMs, true);
    return this.byBucket(DAILY_BUCKETS, from, to, 86_400);
  }

  private async byBucket(
    buckets: readonly LatencyBucket[],
    from: Date,
    to: Date,
    g: number,
    min?: number,
    max?: number,
  ): Promise<RowsAnswer> {
    const q = await this.pool.query<{ t: Date; b: number; n: string }>(
      `select to_timestamp(floor(extract(epoch from request_date) / $3) * $3) as t, ${bucketCase(buckets)} as b,
              count(*) as n
         from command_queue
        where request_date >= $1 and request_date <= $2 and latency is not null
          and ($4::float8 is null or latency >= $4 * 1000) and ($5::float8 is null or latency <= $5 * 1000)
        group by 1, 2 order by 1, 2`,
      [from, to, g, min ?? null, max ?? null],
    );
    const rows: StatsRow[] = q.rows.map((row) => {
      const b = buckets[row.b] as LatencyBucket;
      return {
        stats_date: row.t.toISOString(),
        interval_range: b.label,
        interval_seconds: b.from,
        record_count: Number(row.n),
      };
    });
    return { from: from.toISOString(), to: to.toISOString(), rows };
  }

  /**
   * Gen1 users per day and the users with a voice link (the newest `USERS_WITH_API_VOICE_MAX`).
   * Voice assistants reach Gen1 accounts through the public API, so a voice link is an account
   * with the api_user role; the link is dated by the account's creation (the legacy data keeps no
   * other date). Per day, not per user: every user listed was 3.6 MB at 100,000 customers.
   */
  async usersWithApi(): Promise<UsersWithApi> {
    const [days, voice, count] = await Promise.all([
      this.pool.query<{ day: string; n: number }>(
        'select (created / 86400) * 86400 as day, count(*)::int as n from users group by 1 order by 1',
      ),
      this.pool.query<{ created: string; email: string }>(
        `select created, email from (select created, email, user_id from users where role = 'api_user'
          order by created desc, user_id desc limit $1) v order by created, user_id`,
        [USERS_WITH_API_VOICE_MAX],
      ),
      this.pool.query<{ n: number }>("select count(*)::int as n from users where role = 'api_user'"),
    ]);
    const alexaUsers = voice.rows.map((r) => ({ created: Number(r.created), email: r.email }));
    return {
      alexaUsers,
      voiceUsers: count.rows[0]?.n ?? 0,
      allUsers: days.rows.map((r) => ({ created: Number(r.day), users: r.n })),
      alexaUserCreatedAt: Object.fromEntries(alexaUsers.map((u) => [u.email.toLowerCase(), u.created])),
    };
  }
}
