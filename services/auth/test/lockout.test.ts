import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, failed, ok, startAuth } from './harness.ts';

// Issue 9 §2: a stranger who knows a user id or an e-mail address cannot lock that person out.
// Only the guessing address is refused; the account is at most slowed (the wait is kept short here).
let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth({ LOGIN_SLOW_AFTER: '3', LOGIN_SLOW_MAX_MS: '200' });
});
afterAll(async () => h?.close());

describe('a stranger against one staff member', () => {
  it('guessing codes for a user with no code pending does not stop that user’s own code', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    for (let i = 0; i < 12; i++) {
      const e = failed(
        await h.call('auth.verifyCode', { body: { userId: u.id, code: '000000' }, ip: '203.0.113.50' }),
      );
      expect(e.statusCode).toBe(401);
    }
    ok(await h.call('auth.login', { body: { email: u.email, password: u.password }, ip: '198.51.100.60' }));
    const code = await h.nextCode(u.email);
    ok(await h.call('auth.verifyCode', { body: { userId: u.id, code }, ip: '198.51.100.60' }));
  });

  it('wrong passwords from many addresses do not lock the account', async () => {
    const u = await h.createUser();
    for (let i = 0; i < 12; i++) {
      const e = failed(
        await h.call('auth.login', {
          body: { email: u.email, password: 'nope' },
          ip: `203.0.113.${100 + i}`,
        }),
      );
      expect(e.statusCode).toBe(401);
    }
    ok(await h.call('auth.login', { body: { email: u.email, password: u.password }, ip: '198.51.100.61' }));
  });

  it('wrong passwords from one address lock out only that address', async () => {
    const u = await h.createUser();
    const attacker = '203.0.113.200';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        failed(await h.call('auth.login', { body: { email: u.email, password: 'nope' }, ip: attacker }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    ok(await h.call('auth.login', { body: { email: u.email, password: u.password }, ip: '198.51.100.62' }));
  });
});
