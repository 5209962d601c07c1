/**
 * The status panel's Reset Password, on the real auth app: a Gen1 customer (the world's `users`
 * table, made by the world's own migrations in this file's database) gets a single-use link by
 * SMTP, read back from the captured mailbox; only the token's hash is stored, and the staff member
 * is in the audit stream. Nothing is mocked.
 */
import { AUTH_TEXT, type PasswordResetReply } from '@console/contracts';
import { ensureStreams, removeStreams } from '@console/kit';
import {
  infraEnv,
  scratchPostgres,
  storedAuditEvents,
  uniqueName,
  useSuite,
  waitForMail,
} from '@console/kit/testing';
import { migrateWorld } from '@console/world';
import { describe, expect, it } from 'vitest';
import { RESET_SUBJECT } from '../src/plugins/mailer.ts';
import { hashResetToken } from '../src/plugins/password-resets.store.ts';
import { failed, ok, startAuth } from './harness.ts';

const infra = infraEnv();
const h = useSuite(async () => {
  const db = await scratchPostgres(infra.DATABASE_URL, 'authreset');
  await migrateWorld(db.pool);
  const auth = await startAuth({}, { databaseUrl: db.url });
  await ensureStreams(auth.nc, auth.prefix);
  return {
    ...auth,
    pool: db.pool,
    close: async () => {
      await removeStreams(auth.nc, auth.prefix).catch(() => undefined);
      await auth.close();
      await db.drop();
    },
  };
});

async function customer(name: string) {
  const email = `${uniqueName('cust')}@customer.test`;
  const userId = 700_000 + Math.floor(Math.random() * 100_000);
  await h.pool.query(
    `insert into users (user_id, email, username, name, created, updated) values ($1, $2, $3, $4, 0, 0)`,
    [userId, email, email.split('@')[0], name],
  );
  return { userId, email };
}

const staff = async (roles: ('support' | 'stats')[]) => h.signIn(await h.createUser({ roles }));

describe('resetPassword', () => {
  it('e-mails the customer a single-use link, stores only its hash, and audits the staff member', async () => {
    const c = await customer('Carla Customer');
    const sue = await staff(['support']);
    const since = Date.now();
    const reply = ok(
      await h.call('auth.resetPassword', { caller: sue, params: { email: c.email.toUpperCase() } }),
    ).data as PasswordResetReply;
    expect(reply).toMatchObject({ email: c.email, userId: c.userId });
    expect(Date.parse(reply.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const mail = await waitForMail(infra.MAILBOX_URL, c.email, new RegExp(RESET_SUBJECT), { since });
    expect(mail.Text).toContain('Hello Carla Customer');
    const token = /\?token=([A-Za-z0-9_-]+)/.exec(mail.Text)?.[1] as string;
    expect(token).toBeDefined();

    const stored = await h.pool.query(
      'select token_hash, requested_by, used_at from customer_password_resets where user_id = $1',
      [c.userId],
    );
    expect(stored.rows).toEqual([
      { token_hash: hashResetToken(token), requested_by: sue.email, used_at: null },
    ]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    // A second reset replaces the first: only the newest link works.
    ok(await h.call('auth.resetPassword', { caller: sue, params: { email: c.email } }));
    const open = await h.pool.query(
      'select count(*)::int as n from customer_password_resets where user_id = $1 and used_at is null',
      [c.userId],
    );
    expect(open.rows[0].n).toBe(1);

    const audits = await storedAuditEvents<{ staff: { email: string }; userId: number }>(
      h.nc,
      h.prefix,
      'customer-password-reset',
    );
    const mine = audits.filter((a) => a.userId === c.userId);
    expect(mine).toHaveLength(2);
    expect(mine[0]?.staff.email).toBe(sue.email);
  });

  it('says so for an unknown or malformed e-mail, and is for support staff only', async () => {
    const sue = await staff(['support']);
    const unknown = failed(
      await h.call('auth.resetPassword', { caller: sue, params: { email: 'nobody-here@customer.test' } }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.message).toBe(AUTH_TEXT.resetNoCustomer);
    for (const email of ['not-an-email', 'a@b']) {
      expect(failed(await h.call('auth.resetPassword', { caller: sue, params: { email } })).statusCode).toBe(
        400,
      );
    }
    const c = await customer('Otto Other');
    const stats = await staff(['stats']);
    expect(
      failed(await h.call('auth.resetPassword', { caller: stats, params: { email: c.email } })).statusCode,
    ).toBe(403);
  });
});
