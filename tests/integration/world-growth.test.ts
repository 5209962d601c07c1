/**
 * A world that grows (services/world's growWorld, as the simulator runs it with SIM_GROWTH=on)
 * under the real search, auth and gateway services: what the growth writes is what the readers
 * read. Nothing is stood in; the clock is moved ten minutes on instead of waiting for them.
 */
import { growWorld } from '@console/world';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

const MINUTE = 60_000;
let stack: WorldStack;
let support: Client;

beforeAll(async () => {
  stack = await startWorldStack('itgrow', 19, 40, { services: ['auth', 'search', 'gateway'] });
  support = await staffClient(stack, await signInAdmin(stack), 'support', 'Sam Support');
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a growing world through the gateway', () => {
  it('lets support find a customer who joined after the world was loaded', async () => {
    const { rows } = await stack.world.pool.query('select world_now from world_meta');
    const worldNow = (rows[0].world_now as Date).getTime();
    const grown = await growWorld({
      pool: stack.world.pool,
      db: stack.mongo.db,
      rates: { customer: 2880, link: 0, device: 0, command: 1440, note: 0 },
      now: worldNow + 10 * MINUTE,
    });
    expect(grown.ticks).toBe(10);
    const joined = await stack.world.pool.query(
      'select user_id, email from users where created >= $1 order by user_id limit 1',
      [worldNow / 1000],
    );
    const account = joined.rows[0] as { user_id: string; email: string } | undefined;
    // Twenty customers joined (two a minute); 60 % of customers have a Gen1 account.
    if (!account) throw new Error('no new Gen1 account in ten minutes of growth');
    expect(grown.added.customer).toContain(account.email);
    const found = await support.call(
      'GET',
      `/api/support/finduser/${encodeURIComponent(account.email)}?limit=40`,
    );
    expect(found.status).toBe(200);
    expect(found.json.rows[0].user.user_id).toBe(Number(account.user_id));
    const opened = await support.call('GET', `/api/support/findExtra/${account.user_id}`);
    expect(opened.json.user.email).toBe(account.email);
  }, 120_000);
});
