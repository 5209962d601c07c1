import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { failed, ok, startAuth } from './harness.ts';

const TOO_MANY = 'Too many attempts; please wait a few minutes and try again.';

describe('rate limits (small limits configured for the test)', () => {
  const h = useSuite(() =>
    startAuth({
      LOGIN_LIMIT_PER_ACCOUNT_IP: '3',
      LOGIN_LIMIT_PER_IP: '6',
      CODE_LIMIT_PER_IP: '7',
    }),
  );

  it('refuses a fourth password attempt on one account from one address with 429, even with the right password', async () => {
    const u = await h.createUser();
    const ip = '198.51.100.1';
    for (let i = 0; i < 3; i++) {
      expect(
        failed(await h.call('auth.login', { body: { email: u.email, password: 'nope' }, ip })).statusCode,
      ).toBe(401);
    }
    const blocked = failed(
      await h.call('auth.login', { body: { email: u.email, password: u.password }, ip }),
    );
    expect(blocked).toEqual({ statusCode: 429, error: 'Too Many Requests', message: TOO_MANY });
    // The account itself is not locked: its owner, elsewhere, signs in.
    ok(await h.call('auth.login', { body: { email: u.email, password: u.password }, ip: '198.51.100.9' }));
  });

  it('counts the account by e-mail, whatever its case', async () => {
    const u = await h.createUser();
    for (const email of [u.email, u.email.toUpperCase(), ` ${u.email}`]) {
      failed(await h.call('auth.login', { body: { email, password: 'nope' }, ip: '198.51.100.20' }));
    }
    expect(
      failed(await h.call('auth.login', { body: { email: u.email, password: 'x' }, ip: '198.51.100.20' }))
        .statusCode,
    ).toBe(429);
  });

  it('refuses one address trying many accounts', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 6; i++) {
      const r = failed(
        await h.call('auth.login', { body: { email: `spray${i}@console.test`, password: 'x' }, ip }),
      );
      expect(r.statusCode).toBe(401);
    }
    const u = await h.createUser();
    const blocked = failed(
      await h.call('auth.login', { body: { email: u.email, password: u.password }, ip }),
    );
    expect(blocked.message).toBe(TOO_MANY);
    // Another address is not affected.
    ok(await h.call('auth.login', { body: { email: u.email, password: u.password }, ip: '203.0.113.8' }));
  });

  it('gives a completed sign-in its attempts back, so frequent sign-ins never lock a person out', async () => {
    const u = await h.createUser();
    for (let i = 0; i < 5; i++) await h.signIn(u, '198.51.100.77');
  });

  it('limits code attempts per address, and each code dies after its own wrong tries', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const ip = '198.51.100.40';
    // Two codes: 5 wrong tries kill the first, the address limit (7) stops the second after 2 more.
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      const { attemptId } = ok(
        await h.call('auth.login', { body: { email: u.email, password: u.password }, ip: `${ip}${round}` }),
      ).data as { attemptId: string };
      const code = await h.nextCode(u.email);
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5 && statuses.length < 8; i++) {
        statuses.push(
          failed(await h.call('auth.verifyCode', { body: { attemptId, code: wrong }, ip })).statusCode,
        );
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 429]);
  });
});

describe('one-time code lifetime (TTL of 1 s configured for the test)', () => {
  const h = useSuite(() => startAuth({ ONE_TIME_CODE_TTL_SECONDS: '1' }));

  it('refuses an expired code', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const { attemptId } = ok(await h.call('auth.login', { body: { email: u.email, password: u.password } }))
      .data as { attemptId: string };
    const code = await h.nextCode(u.email);
    await new Promise((r) => setTimeout(r, 2100));
    const r = failed(await h.call('auth.verifyCode', { body: { attemptId, code } }));
    // The same answer as a wrong or used code (sign-in.test.ts), so expiry is no signal either.
    expect(r).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message:
        'That code does not work: it is wrong, expired or was used. Check it, or go back and sign in again.',
    });
  });
});

describe('when Redis is unreachable', () => {
  const h = useSuite(() => startAuth());

  it('refuses sign-in and code checks with 503 and lets nobody in', async () => {
    const plain = await h.createUser();
    const coded = await h.createUser({ requireOneTimeCode: true });
    const { attemptId } = ok(
      await h.call('auth.login', { body: { email: coded.email, password: coded.password } }),
    ).data as { attemptId: string };
    const code = await h.nextCode(coded.email);

    h.app.redis.disconnect();
    const message = 'Sign-in is temporarily unavailable; please try again shortly.';
    const login = failed(
      await h.call('auth.login', { body: { email: plain.email, password: plain.password } }),
    );
    expect(login).toEqual({ statusCode: 503, error: 'Service Unavailable', message });
    const verify = failed(await h.call('auth.verifyCode', { body: { attemptId, code } }));
    expect(verify).toEqual({ statusCode: 503, error: 'Service Unavailable', message });
    // Other operations that need Redis say so too, instead of a bare 500.
    const admin = await h.createUser({ roles: ['admin'] });
    const caller = {
      userId: admin.id,
      email: admin.email,
      name: admin.name,
      roles: ['admin' as const],
      sessionId: 'x',
    };
    expect(
      failed(await h.call('auth.adminRevokeSessions', { caller, params: { id: plain.id } })).statusCode,
    ).toBe(503);
  });
});
