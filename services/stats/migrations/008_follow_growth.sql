-- The world's growth now announces its transactions, Gen1 command queue rows and WiFi links, and
-- the store follower counts them; the backfill counts each such record it reads with its id kept
-- (stats_record_seen), whenever it is dated, and leaves the others as before. The backfills of the
-- metrics they feed run once more, so the growth written before this counts too.
delete from stats_backfill
 where metric in ('commands', 'duration', 'protocolErrors', 'automations', 'automations.unique',
                  'gen1Commands', 'gen1Latency', 'dm');
