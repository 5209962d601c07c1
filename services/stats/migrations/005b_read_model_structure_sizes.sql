-- The top structures screen (/linkplus-structures) counted each of its 30 structures' devices,
-- automations and groups by reading them whole from the store (30 equality reads of documents of
-- tens of kB: 2.6 s at 2,000 customers on a loaded machine); the structures read model keeps them.
alter table rm_structures
  add column devices int not null default 0,
  add column automations int not null default 0,
  add column groups int not null default 0,
  add column updated timestamptz;
-- Rebuilt at the next start, so every row has them.
update rm_cursor set built_at = null where model = 'structures';
