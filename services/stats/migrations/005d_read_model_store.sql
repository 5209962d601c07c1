-- The read models follow the writers' store announcements (the STORE stream) for new records:
-- the last stream sequence applied, per stream. Set to the stream's end when the first build
-- starts (what was announced before is in the build's scan), moved with each batch's rows.
create table if not exists rm_store_cursor (
  stream text primary key,
  last_seq bigint not null,
  updated_at timestamptz not null default now()
);
