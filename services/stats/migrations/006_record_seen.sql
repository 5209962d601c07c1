-- The stored records the rollups have counted, for the collections no stream counts (products,
-- users, structures, hubs, agents, client devices; and each structure's first product of a code):
-- the backfill writes the ids it counted with its counts, the store follower counts an announced
-- record only if its id is not here, in the same transaction. So a record announced twice, or
-- announced and also read by a backfill, is counted once.
create table stats_record_seen (
  kind text not null,
  id text not null,
  primary key (kind, id)
);

-- Those backfills counted only what was created before the stream consumer started, and kept no
-- ids: they run once more, counting every stored record, and the follower goes on from there.
delete from stats_backfill
 where metric in ('products', 'structureProducts', 'users', 'userLicensesV5', 'groups', 'agents',
                  'appVersions', 'clientDeviceTypes', 'dmGen2');

-- The store follower's position on the STORE stream, written in the same transaction as the counts
-- and the ids of the announcements it counted (kept apart from the hub stream's cursors).
create table stats_store_cursor (
  stream text primary key,
  last_seq bigint not null,
  updated_at timestamptz not null
);
