import { ApiError } from '@console/contracts';
import { deadlinePool } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { READ_MODELS, type ReadModel } from './models.ts';
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
  /** How often the models follow their collections at the least. */
  followMs: number;
  /** `off`: neither built nor followed (tests that fill the tables themselves). */
  mode: 'auto' | 'off';
}

/** One advisory lock for the models' writer: one instance builds and follows, the others read. */
const LOCK = 280_028;
/**
 * A follow waits at least this many times its own last duration: where the store cannot read a
 * range by index (FerretDB), a follow decodes the collection, and this keeps that below a
 * twentieth of a core however large the world grows.
 */
const SPACING = 20;

/** The read models' status and their reads' pool (deadline-bound). */
export class ReadModels {
  readonly pool: pg.Pool;
  private readonly state: SyncDeps;
  private readonly built = new Set<string>();

  constructor(pool: pg.Pool, state: SyncDeps) {
    this.pool = pool;
    this.state = state;
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
}

/** Builds each model once, then follows it; runs on the instance holding the lock until `stop`. */
async function run(
  deps: SyncDeps,
  followMs: number,
  stopped: () => boolean,
  sleep: (ms: number) => Promise<void>,
) {
  const last = new Map<string, number>();
  while (!stopped()) {
    const started = Date.now();
    for (const model of READ_MODELS) {
      if (stopped()) return;
      const t0 = Date.now();
      await step(deps, model, stopped).catch((err) =>
        deps.log.warn({ err, model: model.name }, 'read model not brought up to date; tried again later'),
      );
      last.set(model.name, Date.now() - t0);
    }
    const cost = Math.max(0, ...last.values());
    await sleep(Math.max(followMs - (Date.now() - started), SPACING * cost));
  }
}

async function step(deps: SyncDeps, model: ReadModel, stopped: () => boolean): Promise<void> {
  const c = await cursorOf(deps.pool, model.name);
  if (!c?.built_at) {
    const t0 = Date.now();
    const n = await build(deps, model, stopped);
    if (n !== null) deps.log.info({ model: model.name, docs: n, ms: Date.now() - t0 }, 'read model built');
    return;
  }
  await follow(deps, model, c.last_id);
  await sweep(deps, model, c.swept_id);
}

export const readModelsPlugin = fp(
  async (app: FastifyInstance, opts: ReadModelOptions) => {
    const pool = await deadlinePool(opts.databaseUrl, {
      ms: opts.deadlineMs,
      onError: (err) => app.log.warn({ err }, 'read model pool: connection lost'),
    });
    const deps: SyncDeps = { db: app.mongo, pool: app.pg, log: app.log, readMaxMs: 10 * 60_000 };
    app.decorate('readModels', new ReadModels(pool, deps));

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
              await run(deps, opts.followMs, () => stop, sleep);
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
  { name: 'read-models', dependencies: ['postgres', 'mongo'] },
);
