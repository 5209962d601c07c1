import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    pg: pg.Pool;
  }
}

export const postgresPlugin = fp(
  async (app: FastifyInstance, opts: { url: string; max?: number }) => {
    // Short lookups only: JIT compiling a plan costs far more than it saves (seen: ~0.9 s on one
    // account read whose estimates were off).
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10, options: '-c jit=off' });
    pool.on('error', (err) => app.log.error({ err }, 'postgres idle client error'));
    await pool.query('select 1');
    app.decorate('pg', pool);
    app.readiness.add('postgres', async () => {
      await pool.query('select 1');
    });
    app.addHook('onClose', async () => pool.end());
  },
  { name: 'postgres', dependencies: ['health'] },
);
