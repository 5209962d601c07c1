/** mulberry32: a small seeded generator, so one seed always builds the same fleet and events. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(rnd: Random, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

export function intBetween(rnd: Random, min: number, max: number): number {
  return min + Math.floor(rnd() * (max - min + 1));
}

export function hex(rnd: Random, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += Math.floor(rnd() * 16).toString(16);
  return s;
}
