-- The Gen2 index tables hold a narrow copy of the Mongo fields that prefix, substring and
-- autocomplete searches need: FerretDB 1.x serves no regular expression from an index (see README,
-- "FerretDB").
create extension if not exists pg_trgm;
create table search_g2_users (
  user_id text primary key,
  email text not null,
  root_group_ids text[] not null default '{}',
  hub_id bigint,
  no_root boolean not null default false,
  created_date timestamptz,
  seen bigint not null default 0
);
create index search_g2_users_email on search_g2_users (email text_pattern_ops);
create index search_g2_users_email_trgm on search_g2_users using gin (email gin_trgm_ops);
create index search_g2_users_id on search_g2_users (user_id text_pattern_ops);
create index search_g2_users_hub on search_g2_users (hub_id) where hub_id is not null;
create table search_g2_structures (
  root_group_id text primary key,
  name text not null default '',
  link2 bigint[] not null default '{}',
  user_ids text[] not null default '{}',
  migrated boolean not null default false,
  created_date timestamptz,
  seen bigint not null default 0
);
create index search_g2_structures_id on search_g2_structures (root_group_id text_pattern_ops);
create index search_g2_structures_migrated on search_g2_structures (created_date desc) where migrated;
create table search_g2_hubs (
  hub_id bigint primary key,
  hub_hex text not null,
  root_group_id text,
  user_id text not null default '',
  serial text not null default '',
  error_state boolean not null default false,
  locked boolean not null default false,
  locked_since timestamptz,
  created_date timestamptz,
  seen bigint not null default 0
);
create index search_g2_hubs_text on search_g2_hubs ((hub_id::text) text_pattern_ops);
create index search_g2_hubs_hex on search_g2_hubs (hub_hex text_pattern_ops);
create index search_g2_hubs_error on search_g2_hubs (created_date desc) where error_state;
create index search_g2_hubs_locked on search_g2_hubs (locked_since desc) where locked;
create index search_g2_hubs_no_root on search_g2_hubs (created_date desc) where root_group_id is null;
create table search_g2_products (
  device_id text primary key,
  root_group_id text not null,
  link_id bigint not null default 0,
  serial text not null default '',
  name text not null default '',
  product_code text not null default '',
  virtual_product_code text,
  migrated boolean not null default false,
  seen bigint not null default 0
);
create index search_g2_products_serial on search_g2_products (upper(serial) text_pattern_ops);
create index search_g2_products_name on search_g2_products (lower(name) text_pattern_ops);
create index search_g2_products_name_trgm on search_g2_products using gin (lower(name) gin_trgm_ops);
create index search_g2_products_code on search_g2_products (product_code text_pattern_ops);
create index search_g2_products_vcode on search_g2_products (virtual_product_code text_pattern_ops)
  where virtual_product_code is not null;
create index search_g2_products_root on search_g2_products (root_group_id);
create table search_g2_meta (key text primary key, value jsonb not null, updated timestamptz not null default now());
