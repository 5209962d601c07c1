import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { SearchConfig } from '../config.ts';
import { accelerate, type FerretBackend, findBackend } from './ferret.ts';
import { Gen1Accounts } from './gen1/accounts.store.ts';
import { Gen1Edits } from './gen1/edits.ts';
import { Gen1Search } from './gen1/search.ts';
import { Gen1Status } from './gen1/status.store.ts';
import { WflPanels } from './gen1/wfl-panels.store.ts';
import { Gen2Mongo } from './gen2/gen2.store.ts';
import { IndexRefresher } from './gen2/refresh.ts';
import { Gen2Search } from './gen2/search.ts';
import { Notes } from './notes/notes.store.ts';
import { NoteOutbox } from './notes/outbox.ts';
import { SupportPlusQueries } from './query/runner.ts';

export interface SearchDomain {
  now: () => Date;
  gen1: Gen1Search;
  accounts: Gen1Accounts;
  edits: Gen1Edits;
  status: Gen1Status;
  panels: WflPanels;
  mongo: Gen2Mongo;
  gen2: Gen2Search;
  refresher: IndexRefresher;
  queries: SupportPlusQueries;
  notes: Notes;
  outbox: NoteOutbox;
  /** FerretDB's backend, when the Mongo server is FerretDB and its database is reachable. */
  backend: FerretBackend | null;
  /** A pool without the statement timeout, for index builds. */
  maintenance: pg.Pool;
}

declare module 'fastify' {
  interface FastifyInstance {
    searchDomain: SearchDomain;
  }
}

async function ferretBackend(app: FastifyInstance, config: SearchConfig): Promise<FerretBackend | null> {
  const found = await findBackend(app.mongo, config.FERRETDB_POSTGRESQL_URL, config.DATABASE_URL);
  if (found.why === 'another database')
    app.log.warn(
      { url: found.detail },
      'that FerretDB backend does not hold this database: Mongo lookups will scan',
    );
  if (found.why === 'not reachable')
    app.log.warn({ err: found.detail }, 'FerretDB backend not reachable: Mongo lookups will scan');
  return found.backend;
}

/** The search domain: repositories over Postgres and Mongo, wired once per app. */
export const domainPlugin = fp(
  async (app: FastifyInstance, opts: { config: SearchConfig; now: () => Date }) => {
    const { config, now } = opts;
    const onError = (err: unknown) => app.log.error({ err }, 'background search work failed');
    const backend = await ferretBackend(app, config);
    const maintenance = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
    // An idle connection the server drops (restart, terminated backend) must not crash the service.
    maintenance.on('error', (err) => app.log.warn({ err }, 'maintenance pool: idle connection lost'));
    maintenance.on('connect', (c) =>
      c.on('error', (err) => app.log.warn({ err }, 'maintenance connection lost')),
    );
    const mongo = new Gen2Mongo(app.mongo);
    const outbox = new NoteOutbox(app.pg, app.mongo, onError);
    app.decorate('searchDomain', {
      now,
      gen1: new Gen1Search(app.pg, now),
      accounts: new Gen1Accounts(app.pg, now),
      edits: new Gen1Edits(app.pg, outbox, now),
      status: new Gen1Status(app.pg, mongo.users),
      panels: new WflPanels(app.pg, now),
      mongo,
      gen2: new Gen2Search(mongo, app.pg),
      refresher: new IndexRefresher(app.pg, mongo, onError),
      queries: new SupportPlusQueries(app.mongo, config.QUERY_MAX_TIME_MS),
      notes: new Notes(app.mongo, now),
      outbox,
      backend,
      maintenance,
    });
    const accelerating = backend
      ? accelerate(backend)
          .then((made) => made?.length && app.log.info({ made }, 'FerretDB accelerator indexes created'))
          .catch(onError)
      : null;
    app.addHook('onClose', async () => {
      app.searchDomain.refresher.stop();
      await accelerating;
      await maintenance.end();
      await backend?.close();
    });
  },
  { name: 'search-domain', dependencies: ['postgres', 'mongo'] },
);
