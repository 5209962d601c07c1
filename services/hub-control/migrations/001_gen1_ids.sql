-- Ids of the command_queue and pings rows hub-control writes: one sequence of its own, starting
-- far above any id the world generator gives (customer index x block + n), and below 2^53
-- (GEN1_ID_START in src/plugins/gen1-store.ts). "if not exists": databases where an earlier
-- hub-control made it at start-up, before this runner, already have it.
create sequence if not exists hub_control_gen1_ids start with 1000000000000000;
