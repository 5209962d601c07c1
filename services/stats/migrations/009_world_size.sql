-- The loaded world's size (world_meta.customers) the backfill last read. A world extended by the
-- loader afterwards writes history dated before the backfill's cut-off, which no stream carries:
-- the store follower sees the size change and reads the dated sources again (backfill.ts).
create table if not exists stats_world_size (
  id int primary key default 1 check (id = 1),
  customers int not null,
  recorded_at timestamptz not null default now()
);
