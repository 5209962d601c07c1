-- supervisord hosts: the latest heartbeat of each (the board) and a bounded history of them.
create table if not exists supervisor_hosts (
  id text primary key,
  name text not null,
  host text not null,
  host_type text not null default 'other',
  kind text not null default 'command',
  latest jsonb,
  added_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists supervisor_heartbeats (
  id bigserial primary key,
  host_id text not null references supervisor_hosts (id) on delete cascade,
  at timestamptz not null,
  beat jsonb not null
);
create index if not exists supervisor_heartbeats_host_at on supervisor_heartbeats (host_id, at desc);
