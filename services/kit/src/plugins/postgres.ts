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
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
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
