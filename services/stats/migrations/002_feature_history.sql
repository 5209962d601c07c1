-- Every value a feature was seen to take on the hub message stream (seed 001 §2 device dialog,
-- "historical feature data"; §7 POST /api/supportPlus/datamonitor/feature): the hub's feature event
-- notifications and the answers to feature reads and writes. Written with the rollups, in the same
-- transaction as the stream cursor, so a point is never recorded twice; `seq` is the stream's.
create table feature_history (
  feature_id text not null,
  at timestamptz not null,
  seq bigint not null,
  hub_id bigint not null,
  value jsonb not null,
  source text not null,
  info text,
  primary key (feature_id, at, seq)
);
create index feature_history_hub on feature_history (hub_id, at desc);
