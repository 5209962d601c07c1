-- The feature-data run (seed 002 /linkplus-data) is a report job of kind 'feature-data'. Unlike a
-- CSV export it keeps its summary (stats, exceptions and, when asked, the sampled values) for
-- "Get Results", and it can be cancelled: the job is then failed and says who cancelled it.
alter table report_jobs add column result jsonb;
alter table report_jobs add column cancelled_by text;
