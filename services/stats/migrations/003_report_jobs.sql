-- Report export jobs (seed 000 §2 report screens, §6 "Report exports refuse to start while another is
-- in progress"). A job is queued here and on the REPORTS work queue; the worker that takes it keeps
-- `heartbeat_at` fresh and counts `rows_done`, so any instance can show its progress. The partial
-- unique index is the one-job-per-kind rule across every instance: a second insert while one of the
-- kind is queued or running fails, and the caller hears 'Current task in progress. Try again later.'
create table report_jobs (
  job_id uuid primary key,
  kind text not null,
  report text not null,
  params jsonb not null,
  status text not null check (status in ('queued', 'running', 'done', 'failed')),
  requested_by_id text not null,
  requested_by text not null,
  email text not null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  heartbeat_at timestamptz not null default now(),
  finished_at timestamptz,
  rows_done bigint not null default 0,
  rows_total bigint,
  bytes bigint not null default 0,
  attempts integer not null default 0,
  file text,
  error text
);
create unique index report_jobs_one_active on report_jobs (kind) where status in ('queued', 'running');
create index report_jobs_latest on report_jobs (kind, created_at desc);
