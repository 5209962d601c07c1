-- Read models (issue 28): what the analytics screens, the Support Plus hub panel, the integration
-- stats and the feature-data screen ask of the Gen2 documents, kept in Postgres by the stats
-- service (src/read-models/). FerretDB, the stand-in for MongoDB, serves only top-level equality
-- from an index: a date range, a sort, an $in or a group-by decodes the whole collection, which at
-- 100,000 customers took minutes. Each table is filled once from its collection, then follows it by
-- `_id` (rm_cursor); rows are keyed by the document's `_id` (hex), so a re-read is an upsert.

create table rm_cursor (
  model text primary key,
  last_id text,
  built_at timestamptz,
  -- documents written so far (a re-read counts again)
  written bigint not null default 0
);

create table rm_structures (
  id text primary key,
  root_group_id text not null,
  name text not null,
  created timestamptz not null,
  owner text,
  user_ids text[] not null
);
create index rm_structures_created on rm_structures (created desc);
create index rm_structures_root on rm_structures (root_group_id);

-- One row per feature of a structure (the feature-data screen's feature types).
create table rm_features (
  feature_id text primary key,
  root_group_id text not null,
  type text not null
);

create table rm_products (
  id text primary key,
  root_group_id text not null,
  product_code text not null,
  category text,
  virtual_code text,
  generation text not null,
  link_id bigint,
  feature_ids text[] not null
);
create index rm_products_root on rm_products (root_group_id);
create index rm_products_code on rm_products (product_code);

create table rm_users (
  id text primary key,
  user_id text not null,
  email text not null,
  created timestamptz not null,
  root_group_ids text[] not null
);
create index rm_users_created on rm_users (created desc);
create index rm_users_user on rm_users (user_id);

create table rm_agents (
  id text primary key,
  user_id text not null,
  type text not null,
  linked boolean not null,
  created timestamptz not null
);
create index rm_agents_created on rm_agents (created desc);
create index rm_agents_type on rm_agents (type, linked);

create table rm_hubs (
  id text primary key,
  hub_id bigint not null,
  root_group_id text,
  firmware text,
  config_number bigint,
  homekit boolean not null
);
create index rm_hubs_config on rm_hubs (config_number desc nulls last);
create index rm_hubs_firmware on rm_hubs (firmware);
