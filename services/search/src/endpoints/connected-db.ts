import { type ConnectedDb, searchOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { SearchConfig } from '../config.ts';

/** Test when set so, or (auto) when the database holds a world the generator made (world_meta). */
async function connectedDb(
  app: FastifyInstance,
  setting: SearchConfig['CONNECTED_DB'],
): Promise<ConnectedDb> {
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
    'search.connectedDb': async () => connectedDb(app, config.CONNECTED_DB),
  });
}
