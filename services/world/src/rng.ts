/**
 * The generator's randomness: a small counter-based PRNG (the sfc32 construction: three words mixed
 * by add, xor, shift and rotate, plus a counter so no seed can fall into a short cycle), seeded
 * through a 32-bit avalanche hash. No global state: every customer gets its own stream from
 * (seed, customer index, part), so any customer can be regenerated alone.
 */
export function hash32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One 32-bit seed from several numbers (each may exceed 32 bits; the high part is folded in). */
export function deriveSeed(...parts: number[]): number {
  let h = 0x2545f491;
  for (const p of parts) {
    const high = Math.floor(p / 0x100000000);
    h = hash32(h ^ hash32((p >>> 0) + 0x9e3779b9));
    h = hash32(h ^ hash32(high + 0x632be5ab));
  }
  return h;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private n = 1;

  constructor(seed: number) {
    this.a = hash32(seed ^ 0xa0761d65);
    this.b = hash32(this.a ^ 0xe7037ed1);
    this.c = hash32(this.b ^ 0x8ebc6af0);
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.n) | 0;
    this.n = (this.n + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.u32() / 0x100000000;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One value by weight: `[[value, weight], …]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [v, w] of entries) {
      r -= w;
      if (r < 0) return v;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** `n` lower-case hex digits. */
  hex(n: number): string {
    let s = '';
    while (s.length < n) s += this.u32().toString(16).padStart(8, '0');
    return s.slice(0, n);
  }
}
