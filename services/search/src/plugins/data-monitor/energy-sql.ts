/**
 * The energy export as one statement family (seed 000 §5, §8): the readings of the asked serials in
 * the range, the last one per interval bucket (or all of them), and each row's `_use_diff`: its
 * day total minus the previous row's of the same serial and WFL, or its whole day total when the
 * previous row is of an earlier day (the meter's day total starts at 0 at midnight UTC). Only
 * differences ≥ 0 are accepted: a meter reset mid-day gives one below 0, which is flagged.
 *
 * $1 serials, $2 MACs ('' for any, same order), $3 from, $4 to, $5 interval minutes, $6 show all.
 */
const diffs = `
  with picked as (
    select serial, mac from unnest($1::text[], $2::text[]) as s(serial, mac)
  ), bucketed as (
    select distinct on (e.serial, e.mac, bucket)
      e.serial, e.mac, e.time, e.current_use, e.total_day_use, e.created_at,
      case when $6::boolean then e.time
           else to_timestamp(floor(extract(epoch from e.time) / ($5::int * 60)) * $5::int * 60) end as bucket
    from energy_readings e
    join picked p on p.serial = e.serial and (p.mac = '' or p.mac = e.mac)
    where e.time >= $3::timestamptz and e.time < $4::timestamptz
    order by e.serial, e.mac, bucket, e.time desc
  ), previous as (
    select b.*, lag(b.time) over w as prev_time, lag(b.total_day_use) over w as prev_total
    from bucketed b
    window w as (partition by b.serial, b.mac order by b.time)
  )
  select serial, mac, time, current_use::float8 as current_use, total_day_use::float8 as total_day_use,
    created_at,
    case when prev_time is null then null
         when (prev_time at time zone 'UTC')::date <> (time at time zone 'UTC')::date then total_day_use
         else total_day_use - prev_total end::float8 as diff
  from previous`;

/** One page of rows with the range's row count; $7 rows per page, $8 rows skipped. */
export const pageSql = (order: 'asc' | 'desc') => `
  select d.*, count(*) over ()::int as total
  from (${diffs}) d
  order by d.time ${order}, d.serial, d.mac
  limit $7 offset $8`;

/** The rejected rows of the whole range, the first $7 listed, all counted. */
export const errorsSql = `
  select d.*, count(*) over ()::int as total
  from (${diffs}) d
  where d.diff < 0
  order by d.time, d.serial, d.mac
  limit $7`;

/** The fixed serial an empty list stands for: the world's first energy meter. */
export const defaultSerialSql = `
  select serial from devices where device_type_id = 13 order by device_id limit 1`;
