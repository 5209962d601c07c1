import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    pg: pg.Pool;
  }
}

/**
 * The URL with `-c jit=off` (and any of the service's own `settings`, e.g. a larger work_mem)
 * added to its `options` (kept beside any the caller put there: pg lets
 * the connection string's options override the pool config's). The services run short lookups
 * only, and compiling a plan cost far more than it saved (seen: ~0.9 s on one account read whose
 * estimates were off).
 */
export function withJitOff(url: string, settings: Record<string, string> = {}): string {
  const u = new URL(url);
  const options = u.searchParams.get('options');
  const more = Object.entries({ jit: 'off', ...settings }).map(([k, v]) => `-c ${k}=${v}`);
  u.searchParams.set('options', [options, ...more].filter(Boolean).join(' '));
  return u.toString();
}

export const postgresPlugin = fp(
  async (app: FastifyInstance, opts: { url: string; max?: number; settings?: Record<string, string> }) => {
    // Loaded here, not at import: services without Postgres (the gateway) never load the driver.
    const { default: driver } = await import('pg');
    const pool = new driver.Pool({
      connectionString: withJitOff(opts.url, opts.settings),
      max: opts.max ?? 10,
    });
    pool.on('error', (err) => app.log.error({ err }, 'postgres idle client error'));
    // A client held for a while (an advisory lock, a long build) can lose its connection too (a
    // restart, a terminated backend): its query fails, but the event must not crash the process.
    pool.on('connect', (client) => {
      client.on('error', (err) => app.log.warn({ err }, 'postgres connection lost'));
    });
    await pool.query('select 1');
    app.decorate('pg', pool);
    app.readiness.add('postgres', async () => {
      await pool.query('select 1');
    });
    app.addHook('onClose', async () => pool.end());
  },
  { name: 'postgres', dependencies: ['health'] },
);
