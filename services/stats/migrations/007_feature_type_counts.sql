-- /linkplus-data (seed 002) counts, per product code, its products (product search, Get Feature
-- Types' devices) and the features of each type its products hold (Get Feature Types). Grouping
-- rm_products, and joining its feature ids to rm_features, at each call read every product (0.7-
-- 0.9 s) and 452,526 pairs for one code (7.7-9.3 s) at 100,000 customers (issue 28). The counts are
-- kept here instead, moved by statement triggers on both tables with what each statement changed
-- (its transition tables): a pair (product, feature) counts once, whichever of the two is written
-- first. The triggers take one transaction lock, so two writers' changes are applied one after the
-- other and the later one sees the earlier one's committed rows (a pair two transactions write at
-- once is not missed).
create table if not exists rm_code_feature_types (
  product_code text not null,
  type text not null,
  features bigint not null,
  primary key (product_code, type)
);
create table if not exists rm_code_products (
  product_code text not null,
  category text not null,      -- '' where the product has none
  virtual_code text not null,  -- '' where the product has none
  products bigint not null,
  primary key (product_code, category, virtual_code)
);

-- A feature's products, for the features' trigger.
create index if not exists rm_products_feature_ids on rm_products using gin (feature_ids);

-- The rows a statement changed, signed: the trigger's arguments are pairs of a transition table
-- and its sign ('new_rows', '1' / 'old_rows', '-1'). A trigger with transition tables takes one
-- event, so each table has three triggers (insert, update, delete) on the one function.
create or replace function rm_cft_changed(args text[]) returns text language sql immutable as $$
  select string_agg(format('select %s as sign, r.* from %I r', args[i + 1]::int, args[i]), ' union all ')
    from generate_series(array_lower(args, 1), array_upper(args, 1), 2) as i; -- TG_ARGV counts from 0
$$;

create or replace function rm_cft_products() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('console.rm_code_feature_types'));
  execute format(
    'insert into rm_code_feature_types (product_code, type, features)
     select m.product_code, f.type, sum(m.sign)::bigint
       from (%s) m cross join lateral unnest(m.feature_ids) as fid(id)
       join rm_features f on f.feature_id = fid.id
      group by 1, 2 having sum(m.sign) <> 0
     on conflict (product_code, type) do update
       set features = rm_code_feature_types.features + excluded.features',
    rm_cft_changed(tg_argv));
  execute format(
    'insert into rm_code_products (product_code, category, virtual_code, products)
     select m.product_code, coalesce(m.category, ''''), coalesce(m.virtual_code, ''''), sum(m.sign)::bigint
       from (%s) m
      group by 1, 2, 3 having sum(m.sign) <> 0
     on conflict (product_code, category, virtual_code) do update
       set products = rm_code_products.products + excluded.products',
    rm_cft_changed(tg_argv));
  return null;
end $$;

create or replace function rm_cft_features() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('console.rm_code_feature_types'));
  execute format(
    'insert into rm_code_feature_types (product_code, type, features)
     select p.product_code, m.type, sum(m.sign)::bigint
       from (%s) m join rm_products p on p.feature_ids @> array[m.feature_id]
      group by 1, 2 having sum(m.sign) <> 0
     on conflict (product_code, type) do update
       set features = rm_code_feature_types.features + excluded.features',
    rm_cft_changed(tg_argv));
  return null;
end $$;

-- Each table's three triggers (rm_products → rm_cft_products, rm_features → rm_cft_features).
do $$
declare t text;
begin
  foreach t in array array['products', 'features'] loop
    execute format('drop trigger if exists rm_cft_%1$s_ins on rm_%1$s', t);
    execute format('drop trigger if exists rm_cft_%1$s_upd on rm_%1$s', t);
    execute format('drop trigger if exists rm_cft_%1$s_del on rm_%1$s', t);
    execute format('create trigger rm_cft_%1$s_ins after insert on rm_%1$s referencing new table as new_rows
      for each statement execute function rm_cft_%1$s(%2$L, %3$L)', t, 'new_rows', '1');
    execute format('create trigger rm_cft_%1$s_upd after update on rm_%1$s
      referencing old table as old_rows new table as new_rows
      for each statement execute function rm_cft_%1$s(%2$L, %3$L, %4$L, %5$L)', t, 'new_rows', '1', 'old_rows', '-1');
    execute format('create trigger rm_cft_%1$s_del after delete on rm_%1$s referencing old table as old_rows
      for each statement execute function rm_cft_%1$s(%2$L, %3$L)', t, 'old_rows', '-1');
  end loop;
end $$;

-- What the tables already hold (a console upgraded with its read models built), counted once,
-- under the same lock.
select pg_advisory_xact_lock(hashtext('console.rm_code_feature_types'));
delete from rm_code_feature_types;
insert into rm_code_feature_types (product_code, type, features)
select p.product_code, f.type, count(*)
  from rm_products p cross join lateral unnest(p.feature_ids) as fid(id)
  join rm_features f on f.feature_id = fid.id
 group by 1, 2;
delete from rm_code_products;
insert into rm_code_products (product_code, category, virtual_code, products)
select product_code, coalesce(category, ''), coalesce(virtual_code, ''), count(*)
  from rm_products group by 1, 2, 3;
