import { type ConnectedDb, searchOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { SearchConfig } from '../config.ts';

/** How the database is changed: every service holds its own connections, set at its start. */
export const SWITCH_DATABASE =
  'The services read the databases in their DATABASE_URL and MONGO_URL settings, set where the console is deployed; CONNECTED_DB (test, live or auto) names them for this banner. To switch, change those settings for every service and restart them: this deployment does not switch databases from the console, so no request can point the services at another server.';

/** Server and database of a connection URL, never its user or password. */
export function whereOf(url: string, store: string, holds: string) {
  try {
    const u = new URL(url);
    return {
      store,
      holds,
      server: u.host.split(',')[0] || '—',
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || '—',
    };
  } catch {
    return { store, holds, server: '—', database: '—' };
  }
}

/** Test when set so, or (auto) when the database holds a world the generator made (world_meta). */
async function connectedDb(app: FastifyInstance, config: SearchConfig): Promise<ConnectedDb> {
  const about = {
    databases: [
      whereOf(config.DATABASE_URL, 'Postgres', 'Gen1 accounts, staff, statistics, search index'),
      whereOf(config.MONGO_URL, 'MongoDB', 'Gen2 structures, hubs, products and their histories'),
    ],
    switchable: false,
    how: SWITCH_DATABASE,
  };
  return { ...(await whichDb(app, config.CONNECTED_DB)), ...about };
}

async function whichDb(
  app: FastifyInstance,
  setting: SearchConfig['CONNECTED_DB'],
): Promise<Pick<ConnectedDb, 'db' | 'reason'>> {
  if (setting !== 'auto') return { db: setting, reason: `Set by CONNECTED_DB=${setting}.` };
  const { rows } = await app.pg
    .query<{ seed: string; customers: number }>('select seed, customers from world_meta where id = 1')
    .catch(() => ({ rows: [] as { seed: string; customers: number }[] }));
  const world = rows[0];
  return world
    ? { db: 'test', reason: `A generated world: seed ${world.seed}, ${world.customers} customers.` }
    : { db: 'live', reason: 'No generated world in the database.' };
}

export function connectedDbHandlers(app: FastifyInstance, config: SearchConfig) {
  return defineHandlers(searchOperations, {
    'search.connectedDb': async () => connectedDb(app, config),
  });
}
