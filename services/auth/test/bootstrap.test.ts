import { freshDatabase, infraEnv } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failed, ok, startAuth } from './harness.ts';

function passwordIn(banner: string): string {
  const m = /password:\s+(\S+)/.exec(banner);
  if (!m?.[1]) throw new Error(`no password in banner:\n${banner}`);
  return m[1];
}

describe('the first admin', () => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase(infraEnv().DATABASE_URL, 'boot');
  });
  afterAll(async () => db?.drop());

  it('is created with a generated password shown once, even when instances start together', async () => {
    const h = await startAuth({ ONE_TIME_CODE_DEFAULT: 'false' }, { databaseUrl: db.url, instances: 3 });
    try {
      // A restart later finds the admin and prints nothing.
      await h.another();
      const banners = h.announced;
      expect(banners).toHaveLength(1);
      const banner = banners[0] as string;
      expect(banner).toContain('admin@console.local');
      const password = passwordIn(banner);
      expect(password.length).toBeGreaterThanOrEqual(16);

      const { rows } = await h.app.pg.query('select email, roles from staff_users');
      expect(rows).toEqual([{ email: 'admin@console.local', roles: 'admin' }]);
      const { rows: applied } = await h.app.pg.query('select name from auth_migrations order by name');
      expect(applied.map((r) => r.name)).toEqual([
        '001_staff_users',
        '002_things',
        '003_customer_password_resets',
      ]);

      const signedIn = ok(await h.call('auth.login', { body: { email: 'admin@console.local', password } }));
      expect(signedIn.data).toMatchObject({ user: { roles: ['admin'], landing: '/' } });
    } finally {
      await h.close();
    }
  });

  it('comes from BOOTSTRAP_ADMIN_* when set, and nothing is printed', async () => {
    const h = await startAuth({
      BOOTSTRAP_ADMIN_EMAIL: 'Boss@Console.Test',
      BOOTSTRAP_ADMIN_PASSWORD: 'from-the-environment',
      BOOTSTRAP_ADMIN_NAME: 'The Boss',
      ONE_TIME_CODE_DEFAULT: 'false',
    });
    try {
      expect(h.announced).toEqual([]);
      const r = ok(
        await h.call('auth.login', {
          body: { email: 'boss@console.test', password: 'from-the-environment' },
        }),
      );
      expect(r.data).toMatchObject({
        user: { name: 'The Boss', email: 'boss@console.test', roles: ['admin'] },
      });
      expect(
        failed(await h.call('auth.login', { body: { email: 'admin@console.local', password: 'x' } }))
          .statusCode,
      ).toBe(401);
    } finally {
      await h.close();
    }
  });
});
