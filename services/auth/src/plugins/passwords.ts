import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * argon2id through Node's own `crypto.argon2` (Node 24.7+), kept in the PHC string format
 * (`$argon2id$v=19$m=65536,p=4,t=3$<salt>$<tag>`, unpadded base64) that the native `argon2`
 * addon this replaced wrote, so hashes stored before the change still verify.
 * 64 MiB, 3 passes, 4 lanes: slow enough to hurt guessing, not sign-in.
 */
const COST = { memory: 65_536, passes: 3, parallelism: 4 } as const;
const TAG_LENGTH = 32;

interface Argon2Params {
  memory: number;
  passes: number;
  parallelism: number;
  nonce: Buffer;
  tagLength: number;
}

function derive(password: string, params: Argon2Params): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: password, ...params }, (error, tag) =>
      error ? reject(error) : resolve(tag),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await derive(password, { ...COST, nonce, tagLength: TAG_LENGTH });
  return `$argon2id$v=19$m=${COST.memory},p=${COST.parallelism},t=${COST.passes}$${b64(nonce)}$${b64(tag)}`;
}

/** Reads a PHC argon2id string; undefined for anything else (another algorithm, version or shape). */
function parseHash(hash: string): { params: Argon2Params; tag: Buffer } | undefined {
  const m = /^\$argon2id\$v=19\$([a-z0-9=,]+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(hash);
  if (!m) return undefined;
  // The parameters in any order (the addon wrote m,p,t; the PHC text orders them m,t,p).
  const fields = new Map((m[1] ?? '').split(',').map((kv) => kv.split('=') as [string, string]));
  const [memory, parallelism, passes] = ['m', 'p', 't'].map((k) => Number(fields.get(k) ?? Number.NaN));
  if (fields.size !== 3 || !memory || !parallelism || !passes) return undefined;
  const nonce = Buffer.from(m[2] ?? '', 'base64');
  const tag = Buffer.from(m[3] ?? '', 'base64');
  // Bounds of the algorithm (and of what a stored hash may make this process spend).
  if (memory < 8 * parallelism || memory > 1_048_576 || passes < 1 || passes > 16 || parallelism < 1)
    return undefined;
  if (nonce.length < 8 || tag.length < 4) return undefined;
  return { params: { memory, parallelism, passes, nonce, tagLength: tag.length }, tag };
}

/** A malformed stored hash means "no match", never an exception that would reveal it. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  try {
    return timingSafeEqual(await derive(password, parsed.params), parsed.tag);
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
