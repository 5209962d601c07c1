import { ApiError } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { signAssertion, verifyAssertion } from './caller-assertion.ts';

const key = Buffer.from('k'.repeat(32));
const caller = { userId: '1', email: 'a@b.c', name: 'A', roles: ['admin' as const], sessionId: 's' };
const a = { aud: 'auth', op: 'adminList', rid: 'r1', caller, ip: '192.0.2.1' };
const expect401 = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).statusCode).toBe(401);
    return;
  }
  throw new Error('expected a refusal');
};

describe('caller assertions', () => {
  it('verify for the service, operation and request they were made for', () => {
    const t = signAssertion(key, a);
    expect(verifyAssertion(key, t, { aud: 'auth', op: 'adminList', rid: 'r1' })).toMatchObject({
      caller,
      ip: a.ip,
    });
  });

  it('refuse a missing, forged, altered, expired or misdirected one', () => {
    const t = signAssertion(key, a);
    const where = { aud: 'auth', op: 'adminList', rid: 'r1' };
    expect401(() => verifyAssertion(key, undefined, where));
    expect401(() => verifyAssertion(key, signAssertion(Buffer.from('x'.repeat(32)), a), where));
    const [v, p, s] = t.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), ip: '1.2.3.4' }),
    );
    expect401(() => verifyAssertion(key, `${v}.${altered.toString('base64url')}.${s}`, where));
    expect401(() => verifyAssertion(key, signAssertion(key, a, -1), where));
    expect401(() => verifyAssertion(key, t, { ...where, aud: 'search' }));
    expect401(() => verifyAssertion(key, t, { ...where, op: 'adminDelete' }));
    expect401(() => verifyAssertion(key, t, { ...where, rid: 'r2' }));
    expect401(() => verifyAssertion(null, t, where));
  });
});
