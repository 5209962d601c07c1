import {
  infraEnv,
  QUIET_SIMULATOR,
  type ScratchMongo,
  type ScratchPostgres,
  scratchMongo,
  scratchPostgres,
} from '@console/kit/testing';
import { loadWorld } from '@console/world';
import { type Stack, startStack } from './stack.ts';

export interface WorldStack extends Stack {
  /** The world's Postgres database (the services' DATABASE_URL), with a pool for the test's queries. */
  world: ScratchPostgres;
  /** The world's Mongo database (the services' MONGO_URL). */
  mongo: ScratchMongo;
}

export interface WorldStackOptions {
  services?: string[];
  /** Also load the histories (transactions, logs, backups, … the structure tabs read); off by default. */
  histories?: boolean;
  /** 'always': the search service builds its index on start, and the stack waits for it. */
  index?: 'always' | 'never';
  indexTimeoutMs?: number;
  poolSize?: number;
  env?: Record<string, string>;
  /** The world's now (epoch ms); by default the load time, as the demo's. */
  now?: number;
}

/**
 * A world made by the world loader in a Postgres database and a Mongo database of this file's
 * own, and the real services (auth, search, gateway unless told) over it on a unique prefix.
 * `base` names the databases (e.g. 'e2esearch'), so a leftover says which file made it; `seed` and
 * `customers` are the generator's: the same pair always makes the same world.
 * `stop()` stops the services and drops both databases.
 */
export async function startWorldStack(
  base: string,
  seed: number,
  customers: number,
  opts: WorldStackOptions = {},
): Promise<WorldStack> {
  const infra = infraEnv();
  const world = await scratchPostgres(infra.DATABASE_URL, base, opts.poolSize ?? 3);
  const mongo = await scratchMongo(infra.MONGO_URL, { base });
  const dropWorld = async () => {
    await mongo.drop();
    await world.drop();
  };
  let stack: Stack;
  try {
    await loadWorld({
      pool: world.pool,
      db: mongo.db,
      seed,
      customers,
      histories: opts.histories ?? false,
      ...(opts.now === undefined ? {} : { now: opts.now }),
    });
    stack = await startStack(infra, opts.services ?? ['auth', 'search', 'gateway'], {
      DATABASE_URL: world.url,
      MONGO_URL: mongo.url,
      INDEX_ON_START: opts.index ?? 'never',
      ...opts.env,
    });
  } catch (err) {
    await dropWorld();
    throw err;
  }
  if (opts.index === 'always') {
    await stack.waitFor(
      async () =>
        Boolean(
          (await world.pool.query("select 1 from search_g2_meta where key = 'build'").catch(() => null))
            ?.rowCount,
        ),
      'the search index to be built',
      { timeoutMs: opts.indexTimeoutMs ?? 90_000, intervalMs: 250 },
    );
  }
  const stop = async () => {
    await stack.stop();
    await dropWorld();
  };
  return { ...stack, world, mongo, stop };
}

/**
 * Settings for a quiet simulator running the world's own first `hubs` hubs (FLEET=world, no WiFi
 * links or hosts), so that the structure pages and the hubs answering are the same.
 */
export function worldFleetEnv(seed: number, customers: number, hubs: number): Record<string, string> {
  return {
    ...QUIET_SIMULATOR,
    FLEET: 'world',
    SIM_SEED: String(seed),
    WORLD_CUSTOMERS: String(customers),
    SIM_HUBS: String(hubs),
    SIM_WFLS: '0',
    SIM_HOSTS: '0',
  };
}
