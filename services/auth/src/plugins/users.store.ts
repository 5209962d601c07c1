import { ApiError, formatRoles, type Role } from '@console/contracts';
import { transaction } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { MESSAGES } from './staff-rules.ts';
import type { StaffRow } from './staff-view.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

export interface StaffFields {
  name: string;
  email: string;
  passwordHash: string;
  roles: Role[];
  active: boolean;
  requireOneTimeCode: boolean;
}

const columns: Record<keyof StaffFields, string> = {
  name: 'name',
  email: 'email',
  passwordHash: 'password_hash',
  roles: 'roles',
  active: 'active',
  requireOneTimeCode: 'require_one_time_code',
};

const ADMIN_LOCK = 'console.auth.admins';

/** Staff users in Postgres. E-mails arrive here already normalised (lower-cased). */
export class UsersRepository {
  private readonly pool: pg.Pool;
  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async byId(id: string): Promise<StaffRow | null> {
    if (!/^[0-9]{1,18}$/.test(id)) return null;
    const { rows } = await this.pool.query<StaffRow>('select * from staff_users where id = $1', [id]);
    return rows[0] ?? null;
  }

  async byEmail(email: string): Promise<StaffRow | null> {
    const { rows } = await this.pool.query<StaffRow>('select * from staff_users where email = $1', [email]);
    return rows[0] ?? null;
  }

  async list(): Promise<StaffRow[]> {
    return (await this.pool.query<StaffRow>('select * from staff_users order by id')).rows;
  }

  async create(u: StaffFields): Promise<StaffRow> {
    try {
      const { rows } = await this.pool.query<StaffRow>(
        `insert into staff_users (name, email, password_hash, roles, active, require_one_time_code)
         values ($1, $2, $3, $4, $5, $6) returning *`,
        [u.name, u.email, u.passwordHash, formatRoles(u.roles), u.active, u.requireOneTimeCode],
      );
      return rows[0] as StaffRow;
    } catch (err) {
      throw emailConflict(err);
    }
  }

  /** Changes the given fields; refuses a change that would leave no active admin. */
  async update(id: string, patch: Partial<StaffFields>): Promise<StaffRow | null> {
    const sets: string[] = [];
    const values: unknown[] = [id];
    for (const [key, value] of Object.entries(patch) as [keyof StaffFields, unknown][]) {
      if (value === undefined) continue;
      values.push(key === 'roles' ? formatRoles(value as Role[]) : value);
      sets.push(`${columns[key]} = $${values.length}`);
    }
    return this.guardAdmins(async (c) => {
      const { rows } = await c.query<StaffRow>(
        `update staff_users set ${[...sets, 'updated = now()'].join(', ')} where id = $1 returning *`,
        values,
      );
      return rows[0] ?? null;
    });
  }

  async remove(id: string): Promise<boolean> {
    return this.guardAdmins(async (c) => {
      const { rowCount } = await c.query('delete from staff_users where id = $1', [id]);
      return (rowCount ?? 0) > 0;
    });
  }

  async touchLogin(id: string): Promise<void> {
    await this.pool.query('update staff_users set last_login = now() where id = $1', [id]);
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.pool.query('update staff_users set password_hash = $2, updated = now() where id = $1', [
      id,
      passwordHash,
    ]);
  }

  /**
   * Runs a change in a transaction that fails if no active admin would be left, so the console
   * can never lock itself out; the advisory lock stops two admins demoting each other at once.
   */
  private async guardAdmins<T>(change: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return transaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [ADMIN_LOCK]);
      const result = await change(client);
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from staff_users where active and (',' || roles || ',') like '%,admin,%'`,
      );
      if ((rows[0]?.n ?? 0) === 0) throw new ApiError(400, 'At least one active admin must remain.');
      return result;
    }).catch((err) => {
      throw emailConflict(err);
    });
  }
}

function emailConflict(err: unknown): unknown {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'staff_users_email_key') {
    return new ApiError(409, MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
  }
  return err;
}

export const usersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('users', new UsersRepository(app.pg));
  },
  { name: 'users', dependencies: ['postgres'] },
);
