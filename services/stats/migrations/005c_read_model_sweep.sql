-- The read models' sweep: each round re-reads a few hundred rows' documents by `_id` (an equality
-- FerretDB pushes down), so a document changed or deleted after it was followed is brought in; the
-- sweep goes round each table by id from here.
alter table rm_cursor add column swept_id text;
