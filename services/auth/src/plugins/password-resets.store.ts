import { createHash, randomBytes } from 'node:crypto';
import { ApiError, AUTH_TEXT } from '@console/contracts';
import { transaction } from '@console/kit';
import type pg from 'pg';

export interface Gen1Customer {
  user_id: number;
  email: string;
  name: string;
}

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use password-reset tokens for Gen1 customers: only their hash, with an expiry. */
export class PasswordResets {
  private readonly pool: pg.Pool;
  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  /** The Gen1 customer with this e-mail (any case); the lowest user id when several share it. */
  async customer(email: string): Promise<Gen1Customer | null> {
    try {
      const { rows } = await this.pool.query<Gen1Customer>(
        `select user_id::int as user_id, email, name from users where lower(email) = lower($1)
          order by active desc, user_id limit 1`,
        [email],
      );
      return rows[0] ?? null;
    } catch (err) {
      if ((err as { code?: string }).code === '42P01') throw new ApiError(503, AUTH_TEXT.resetNoTables);
      throw err;
    }
  }

  /** Stores a fresh token's hash; earlier unused tokens of the customer stop working. */
  async issue(c: Gen1Customer, by: string, now: Date, ttlSeconds: number) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    await transaction(this.pool, async (client) => {
      await client.query(
        'update customer_password_resets set used_at = $2 where user_id = $1 and used_at is null',
        [c.user_id, now],
      );
      await client.query(
        `insert into customer_password_resets (user_id, email, token_hash, requested_by, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [c.user_id, c.email, hashResetToken(token), by, now, expiresAt],
      );
    });
    return { token, expiresAt };
  }
}
