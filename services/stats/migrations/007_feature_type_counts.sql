-- Get Feature Types (/linkplus-data, seed 002) counts, per product code, the features of each type
-- that the code's products hold. Joining rm_products' feature ids to rm_features at each call
-- read 450,000 pairs for one code at 100,000 customers (8 s, issue 28). The counts are kept here
-- instead, moved by statement triggers on both tables with what each statement changed (its
-- transition tables): a pair (product, feature) counts once, whichever of the two is written
-- first. The triggers take one transaction lock, so two writers' changes are applied one after the
-- other and the later one sees the earlier one's committed rows (a pair two transactions write at
-- once is not missed).
create table if not exists rm_code_feature_types (
  product_code text not null,
  type text not null,
  features bigint not null,
  primary key (product_code, type)
);

-- A feature's products, for the features' triggers.
create index if not exists rm_products_feature_ids on rm_products using gin (feature_ids);

-- Products that came (sign 1) or went (sign -1): [{product_code, feature_ids, sign}], counted
-- with the features stored now.
create or replace function rm_cft_products_moved(moved jsonb) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('console.rm_code_feature_types'));
  insert into rm_code_feature_types (product_code, type, features)
  select m.product_code, f.type, sum(m.sign)::bigint
    from jsonb_to_recordset(moved) as m(product_code text, feature_ids text[], sign int)
   cross join lateral unnest(m.feature_ids) as fid(id)
    join rm_features f on f.feature_id = fid.id
   group by 1, 2
  having sum(m.sign) <> 0
  on conflict (product_code, type) do update
    set features = rm_code_feature_types.features + excluded.features;
end $$;

-- Features that came or went: [{feature_id, type, sign}], counted with the products stored now.
create or replace function rm_cft_features_moved(moved jsonb) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('console.rm_code_feature_types'));
  insert into rm_code_feature_types (product_code, type, features)
  select p.product_code, m.type, sum(m.sign)::bigint
    from jsonb_to_recordset(moved) as m(feature_id text, type text, sign int)
    join rm_products p on p.feature_ids @> array[m.feature_id]
   group by 1, 2
  having sum(m.sign) <> 0
  on conflict (product_code, type) do update
    set features = rm_code_feature_types.features + excluded.features;
end $$;

-- A trigger with transition tables takes one event: one function per table and event.
create or replace function rm_cft_products_ins() returns trigger language plpgsql as $$
begin
  perform rm_cft_products_moved((select coalesce(jsonb_agg(jsonb_build_object(
    'product_code', product_code, 'feature_ids', feature_ids, 'sign', 1)), '[]') from new_rows));
  return null;
end $$;
create or replace function rm_cft_products_del() returns trigger language plpgsql as $$
begin
  perform rm_cft_products_moved((select coalesce(jsonb_agg(jsonb_build_object(
    'product_code', product_code, 'feature_ids', feature_ids, 'sign', -1)), '[]') from old_rows));
  return null;
end $$;
create or replace function rm_cft_products_upd() returns trigger language plpgsql as $$
begin
  perform rm_cft_products_moved((select coalesce(jsonb_agg(x), '[]') from (
    select jsonb_build_object('product_code', product_code, 'feature_ids', feature_ids, 'sign', 1) as x from new_rows
    union all
    select jsonb_build_object('product_code', product_code, 'feature_ids', feature_ids, 'sign', -1) from old_rows
  ) c));
  return null;
end $$;
create or replace function rm_cft_features_ins() returns trigger language plpgsql as $$
begin
  perform rm_cft_features_moved((select coalesce(jsonb_agg(jsonb_build_object(
    'feature_id', feature_id, 'type', type, 'sign', 1)), '[]') from new_rows));
  return null;
end $$;
create or replace function rm_cft_features_del() returns trigger language plpgsql as $$
begin
  perform rm_cft_features_moved((select coalesce(jsonb_agg(jsonb_build_object(
    'feature_id', feature_id, 'type', type, 'sign', -1)), '[]') from old_rows));
  return null;
end $$;
create or replace function rm_cft_features_upd() returns trigger language plpgsql as $$
begin
  perform rm_cft_features_moved((select coalesce(jsonb_agg(x), '[]') from (
    select jsonb_build_object('feature_id', feature_id, 'type', type, 'sign', 1) as x from new_rows
    union all
    select jsonb_build_object('feature_id', feature_id, 'type', type, 'sign', -1) from old_rows
  ) c));
  return null;
end $$;

drop trigger if exists rm_cft_products_ins on rm_products;
drop trigger if exists rm_cft_products_upd on rm_products;
drop trigger if exists rm_cft_products_del on rm_products;
drop trigger if exists rm_cft_features_ins on rm_features;
drop trigger if exists rm_cft_features_upd on rm_features;
drop trigger if exists rm_cft_features_del on rm_features;
create trigger rm_cft_products_ins after insert on rm_products
  referencing new table as new_rows for each statement execute function rm_cft_products_ins();
create trigger rm_cft_products_upd after update on rm_products
  referencing old table as old_rows new table as new_rows for each statement execute function rm_cft_products_upd();
create trigger rm_cft_products_del after delete on rm_products
  referencing old table as old_rows for each statement execute function rm_cft_products_del();
create trigger rm_cft_features_ins after insert on rm_features
  referencing new table as new_rows for each statement execute function rm_cft_features_ins();
create trigger rm_cft_features_upd after update on rm_features
  referencing old table as old_rows new table as new_rows for each statement execute function rm_cft_features_upd();
create trigger rm_cft_features_del after delete on rm_features
  referencing old table as old_rows for each statement execute function rm_cft_features_del();

-- What the tables already hold (a console upgraded with its read models built), counted once,
-- under the same lock.
select pg_advisory_xact_lock(hashtext('console.rm_code_feature_types'));
delete from rm_code_feature_types;
insert into rm_code_feature_types (product_code, type, features)
select p.product_code, f.type, count(*)
  from rm_products p cross join lateral unnest(p.feature_ids) as fid(id)
  join rm_features f on f.feature_id = fid.id
 group by 1, 2;
