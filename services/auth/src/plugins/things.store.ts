import type { Thing } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    things: ThingsRepository;
  }
}

/** The main screen's list of things (core spec §2 `/`). */
export class ThingsRepository {
  private readonly pool: pg.Pool;
  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async list(): Promise<Thing[]> {
    return (await this.pool.query<Thing>('select id::text as id, name from things order by id')).rows;
  }

  async create(name: string): Promise<Thing> {
    const { rows } = await this.pool.query<Thing>(
      'insert into things (name) values ($1) returning id::text as id, name',
      [name],
    );
    return rows[0] as Thing;
  }

  async remove(id: string): Promise<boolean> {
    // The contract allows 20 digits; bigint does not, and an impossible id is simply not there.
    if (!/^[0-9]{1,18}$/.test(id)) return false;
    const { rowCount } = await this.pool.query('delete from things where id = $1', [id]);
    return (rowCount ?? 0) > 0;
  }
}

export const thingsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('things', new ThingsRepository(app.pg));
  },
  { name: 'things', dependencies: ['postgres'] },
);
