import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): slow enough to hurt guessing, not sign-in. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** A malformed stored hash means "no match", never an exception that would reveal it. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash, so a sign-in for an unknown e-mail costs as long as one
 * for a known e-mail with a wrong password and the answer time does not tell them apart.
 */
export async function verifyNobody(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummy, password);
  return false;
}

/** A random password that a person can copy: 20 characters from a URL-safe alphabet. */
export function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}
