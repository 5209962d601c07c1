import { ApiError, streamNames } from '@console/contracts';
import { deadlinePool } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { READ_MODELS, type ReadModel } from './models.ts';
import { StoreFollow } from './store.ts';
import { sweep } from './sweep.ts';
import { build, cursorOf, follow, type SyncDeps } from './sync.ts';

declare module 'fastify' {
  interface FastifyInstance {
    readModels: ReadModels;
  }
}

export interface ReadModelOptions {
  databaseUrl: string;
  /** A request's statement deadline (the read pool's `statement_timeout`). */
  deadlineMs: number;
  /** How often the sweep re-reads a round of rows at the least. */
  followMs: number;
  /** The safety net: how often the models look for unannounced documents by `_id` at the least. */
  safetyMs: number;
  /** Store announcements applied per transaction at most. */
  storeBatch: number;
  /** `off`: neither built nor followed (tests that fill the tables themselves). */
  mode: 'auto' | 'off';
}

/** One advisory lock for the models' writer: one instance builds and follows, the others read. */
const LOCK = 280_028;
/**
 * A round (sweep, safety-net follow) waits at least this many times its own last duration: where
 * the store cannot read a range by index (FerretDB), the safety net's follow decodes the
 * collection, and this keeps that below a twentieth of a core however large the world grows.
 */
const SPACING = 20;

/** The read models' status and their reads' pool (deadline-bound). */
export class ReadModels {
  readonly pool: pg.Pool;
  private readonly state: SyncDeps;
  private readonly store: StoreFollow;
  private readonly built = new Set<string>();

  constructor(pool: pg.Pool, state: SyncDeps, store: StoreFollow) {
    this.pool = pool;
    this.state = state;
    this.store = store;
  }

  /** Refuses with 503 until the models a screen reads have been built once. */
  async need(...models: string[]): Promise<void> {
    const missing: string[] = [];
    for (const m of models) {
      if (this.built.has(m)) continue;
      const c = await cursorOf(this.pool, m);
      if (c?.built_at) this.built.add(m);
      else missing.push(m);
    }
    if (missing.length)
      throw new ApiError(
        503,
        `The ${missing.join(', ')} figures are still being read from the stores for the first time; try again in a minute.`,
      );
  }

  /** Each model's cursor (newest `_id` followed, when first built, documents written). */
  async status() {
    const r = await this.state.pool.query('select * from rm_cursor order by model');
    return r.rows;
  }

  /** The last store announcement applied to the models (0: none). */
  storeCursor(): Promise<number> {
    return this.store.cursor();
  }
}

/**
 * Builds each model once, then follows the store announcements (store.ts) for new records; the
 * sweep re-reads a round of rows every `followMs` (changes and deletions), and the `_id` follow runs
 * as a safety net every `safetyMs` (records a writer inserted without announcing them). Runs on
 * the instance holding the lock until `stop`.
 */
async function run(
  deps: SyncDeps,
  store: StoreFollow,
  opts: Pick<ReadModelOptions, 'followMs' | 'safetyMs' | 'storeBatch'>,
  stopped: () => boolean,
  sleep: (ms: number) => Promise<void>,
) {
  const last = new Map<string, number>();
  let following: Promise<void> | null = null;
  let safetyDue = 0;
  try {
    while (!stopped()) {
      const started = Date.now();
      const safety = started >= safetyDue;
      let built = true;
      for (const model of READ_MODELS) {
        if (stopped()) return;
        const t0 = Date.now();
        const ok = await step(deps, store, model, safety, stopped).catch((err) => {
          deps.log.warn({ err, model: model.name }, 'read model not brought up to date; tried again later');
          return false;
        });
        built &&= ok;
        last.set(model.name, Date.now() - t0);
      }
      const cost = Math.max(0, ...last.values());
      if (safety) safetyDue = Date.now() + Math.max(opts.safetyMs, SPACING * cost);
      // Once every model is built, new records come from the announcements, at once.
      if (built && !following)
        following = followStore(deps, store, opts.storeBatch, stopped).finally(() => {
          following = null;
        });
      await sleep(Math.max(opts.followMs - (Date.now() - started), SPACING * cost));
    }
  } finally {
    await following;
  }
}

/** Follows the announcements until stopped; a failure is logged and the follow started again. */
async function followStore(deps: SyncDeps, store: StoreFollow, batch: number, stopped: () => boolean) {
  let lastError = '';
  while (!stopped()) {
    try {
      await store.run(batch, stopped);
    } catch (err) {
      const what = String((err as Error)?.message ?? err);
      if (!stopped() && what !== lastError)
        deps.log.warn({ err }, 'read models: store announcements not followed; retrying');
      lastError = what;
      if (!stopped()) await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

/** Builds the model, or sweeps it (and, with `safety`, follows it by `_id`); answers whether it is built. */
async function step(
  deps: SyncDeps,
  store: StoreFollow,
  model: ReadModel,
  safety: boolean,
  stopped: () => boolean,
): Promise<boolean> {
  const c = await cursorOf(deps.pool, model.name);
  if (!c?.built_at) {
    await store.markStart();
    const t0 = Date.now();
    const n = await build(deps, model, stopped);
    if (n !== null) deps.log.info({ model: model.name, docs: n, ms: Date.now() - t0 }, 'read model built');
    return n !== null;
  }
  if (safety) await follow(deps, model, c.last_id);
  await sweep(deps, model, c.swept_id);
  return true;
}

export const readModelsPlugin = fp(
  async (app: FastifyInstance, opts: ReadModelOptions) => {
    const pool = await deadlinePool(opts.databaseUrl, {
      ms: opts.deadlineMs,
      onError: (err) => app.log.warn({ err }, 'read model pool: connection lost'),
    });
    const deps: SyncDeps = { db: app.mongo, pool: app.pg, log: app.log, readMaxMs: 10 * 60_000 };
    const store = new StoreFollow(deps, app.nats, streamNames(app.subjects.prefix).store, READ_MODELS);
    app.decorate('readModels', new ReadModels(pool, deps, store));

    let stop = false;
    let wake: (() => void) | undefined;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
    let lead: Promise<void> | undefined;
    if (opts.mode === 'auto') {
      lead = (async () => {
        while (!stop) {
          const client = await app.pg.connect().catch(() => null);
          const got = client
            ? (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [LOCK])).rows[0]
                ?.ok
            : false;
          if (client && got) {
            try {
              await run(deps, store, opts, () => stop, sleep);
            } finally {
              await client.query('select pg_advisory_unlock($1)', [LOCK]).catch(() => undefined);
              client.release();
            }
            return;
          }
          client?.release();
          await sleep(5000);
        }
      })().catch((err) => app.log.error({ err }, 'read models stopped'));
    }
    app.addHook('onClose', async () => {
      stop = true;
      wake?.();
      await lead;
      await pool.end();
    });
  },
  { name: 'read-models', dependencies: ['postgres', 'mongo', 'nats'] },
);
