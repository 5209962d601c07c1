-- Per-hour ('h') and per-day ('d') counts of every statistic, by series. `source` keeps the live
-- stream's counts ('live') apart from the counts of stored data ('backfill'), so a backfill can be
-- redone without touching what the stream counted; a tab adds them up.
create table stats_rollup (
  metric text not null,
  period char(1) not null check (period in ('h', 'd')),
  bucket timestamptz not null,
  series text not null,
  source text not null check (source in ('live', 'backfill')),
  count bigint not null default 0,
  amount double precision not null default 0,
  primary key (metric, period, bucket, series, source)
);

-- Members already counted for the "unique" statistics (structures running automations): a member
-- counts once per bucket however often it appears.
create table stats_seen (
  metric text not null,
  period char(1) not null,
  bucket timestamptz not null,
  series text not null,
  member text not null,
  primary key (metric, period, bucket, series, member)
);

-- The last stream sequence whose counts are in stats_rollup, written in the same transaction as
-- the counts: a restart or a redelivery resumes after it and never counts a message twice.
create table stats_cursor (
  consumer text primary key,
  stream text not null,
  last_seq bigint not null,
  started_at timestamptz not null,
  updated_at timestamptz not null
);

-- When each backfill ran and up to when it counted (stored data after `until` is the stream's).
create table stats_backfill (
  metric text primary key,
  until timestamptz not null,
  rows integer not null,
  done_at timestamptz not null
);
