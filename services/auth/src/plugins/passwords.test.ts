import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

// Written by the native `argon2` addon (0.45.1, its defaults) before the move to Node's own
// crypto.argon2: stored hashes like it must keep verifying.
const FROM_ADDON =
  '$argon2id$v=19$m=65536,p=4,t=3$ocxSZuurU2kcJSllrXL4Nw$N7doFmIxdyClaSPNUL30sqk6TTeuWUtWcm0Za5MhhhY';

describe('passwords', () => {
  it('verifies a hash the argon2 addon wrote, and only for its password', async () => {
    expect(await verifyPassword(FROM_ADDON, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(FROM_ADDON, 'correct horse batterY')).toBe(false);
  });

  it('hashes in the PHC format with a fresh salt each time', async () => {
    const [a, b] = [await hashPassword('s3cret pass'), await hashPassword('s3cret pass')];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 's3cret pass')).toBe(true);
    expect(await verifyPassword(b, 'another')).toBe(false);
  });

  it('answers no, without throwing, for malformed or out-of-bounds hashes', async () => {
    const salt = 'ocxSZuurU2kcJSllrXL4Nw';
    const tag = 'N7doFmIxdyClaSPNUL30sqk6TTeuWUtWcm0Za5MhhhY';
    for (const bad of [
      '',
      'plain',
      `$argon2i$v=19$m=65536,p=4,t=3$${salt}$${tag}`,
      `$argon2id$v=16$m=65536,p=4,t=3$${salt}$${tag}`,
      `$argon2id$v=19$m=99999999,p=4,t=3$${salt}$${tag}`,
      `$argon2id$v=19$m=65536,p=4$${salt}$${tag}`,
      `$argon2id$v=19$m=65536,p=4,t=3$AAAA$${tag}`,
    ]) {
      expect(await verifyPassword(bad, 'correct horse battery')).toBe(false);
    }
  });
});
