import { randomBytes } from 'node:crypto';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { failed, ok, startAuth } from './harness.ts';

// Issue 9 §2, issue 29 §3: a stranger who knows a user id or an e-mail address cannot lock that person out.
// Only the guessing address is refused; the account is at most slowed (the wait is kept short here).
const h = useSuite(() => startAuth({ LOGIN_SLOW_AFTER: '3', LOGIN_SLOW_MAX_MS: '200' }));

describe('a stranger against one staff member', () => {
  it('wrong codes from a stranger’s address cannot stop the victim’s pending code, nor tell it is pending', async () => {
    const u = await h.createUser({ requireOneTimeCode: true });
    const stranger = '203.0.113.50';
    const strike = async () => {
      const answers = [];
      // The stranger knows the staff id but not the attempt id: by id the code cannot be addressed at
      // all, and any attempt id they make up (or an old one of theirs) is just another unknown one.
      for (let i = 0; i < 8; i++) {
        const byId = { userId: u.id, code: '000000' } as never;
        answers.push(failed(await h.call('auth.verifyCode', { body: byId, ip: stranger })).statusCode);
        const guess = { attemptId: randomBytes(32).toString('base64url'), code: `00000${i}` };
        answers.push(failed(await h.call('auth.verifyCode', { body: guess, ip: stranger })));
      }
      return answers;
    };
    const before = await strike();
    const { attemptId } = ok(
      await h.call('auth.login', { body: { email: u.email, password: u.password }, ip: '198.51.100.60' }),
    ).data as { attemptId: string };
    const code = await h.nextCode(u.email);
    // While the code is pending the stranger hears exactly what they heard before it existed.
    expect(await strike()).toEqual(before);
    ok(await h.call('auth.verifyCode', { body: { attemptId, code }, ip: '198.51.100.60' }));
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
