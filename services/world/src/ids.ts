import { GROWTH_FIRST_CUSTOMER, isBadBatchSerial, MAC_VENDOR_PREFIX } from '@console/contracts';
import { hash32, type Rng } from './rng.ts';

/**
 * Unique ids without global state: each id is a keyed bijection of (customer index, slot), so two
 * customers never share one and a customer regenerated alone gets the same ids.
 */
const MASK24 = 0xffffff;

/** A bijection on [0, 2^24) chosen by `key`. */
export function permute24(n: number, key: number): number {
  let x = n & MASK24;
  for (let round = 0; round < 3; round++) {
    x = (Math.imul(x, 0x9e3779 | 1) + (hash32(key + round) & MASK24)) & MASK24;
    x ^= x >>> 11;
  }
  return x;
}

/** A bijection on [0, 2^32) chosen by `key`. */
export function permute32(n: number, key: number): number {
  let x = n >>> 0;
  for (let round = 0; round < 3; round++) {
    x = (Math.imul(x, 0x2c1b3c6d | 1) + hash32(key + round)) >>> 0;
    x = (x ^ (x >>> 15)) >>> 0;
  }
  return x;
}

/** Hub slots per customer (two structures of at most two hubs), which bounds the world's size. */
export const HUB_SLOTS = 4;
/** 2^24 hub ids in each top byte, four per customer. */
export const MAX_CUSTOMERS = 2 ** 24 / HUB_SLOTS;
/**
 * Customer numbers from here up belong to the growth (growth.ts: customers who join a running
 * world, and the numbers its other records take their ids from); a loaded world stays below.
 */
export const GROWTH_FIRST = GROWTH_FIRST_CUSTOMER;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** A Link Plus hub id: top byte 0xbc for most (their hex is 8 characters starting with 'bc'). */
export function hubId(seed: number, customer: number, slot: number, topByte: number): number {
  return topByte * 2 ** 24 + permute24(customer * HUB_SLOTS + slot, seed ^ 0x4855_4221);
}

/** A Gen1 WiFi link MAC; `firstByte` null gives the vendor prefix 74:0A:BC. */
export function mac(
  seed: number,
  customer: number,
  slot: number,
  firstByte: number | null,
  rng: Rng,
): string {
  const low = hex(permute24(customer * 4 + slot, seed ^ 0x4d41_4321), 6).toUpperCase();
  const tail = `${low.slice(0, 2)}:${low.slice(2, 4)}:${low.slice(4, 6)}`;
  if (firstByte === null) return `${MAC_VENDOR_PREFIX}:${tail}`;
  const mid = rng.hex(4).toUpperCase();
  return `${hex(firstByte, 2).toUpperCase()}:${mid.slice(0, 2)}:${mid.slice(2, 4)}:${tail}`;
}

/**
 * An 8-hex-digit serial, unique per (customer, device slot, generation). Serials are not
 * guaranteed unique in real data; these are, except the deliberate bad-batch ones, which come from
 * a space of 2,304.
 */
export function serial(seed: number, customer: number, slot: number, gen: 1 | 2): string {
  let s = hex(permute32(customer * 64 + slot, seed ^ (gen === 1 ? 0x5331 : 0x5332)), 8).toUpperCase();
  if (isBadBatchSerial(s)) s = `${s.slice(0, 5)}E${s.slice(6)}`;
  return s;
}

/** A bad-batch serial: BC2B2, a digit 5–9 or A–D, two hex digits. */
export function badBatchSerial(rng: Rng): string {
  return `BC2B2${rng.pick('56789ABCD'.split(''))}${rng.hex(2).toUpperCase()}`;
}

/**
 * A 24-hex-digit id shaped like a Mongo ObjectId (creation time first), unique per
 * (customer, kind, slot): kind < 16, slot < 16.
 */
export function objectIdHex(seed: number, at: Date, customer: number, kind: number, slot: number, rng: Rng) {
  const secs = Math.floor(at.getTime() / 1000);
  return `${hex(secs >>> 0, 8)}${hex(permute32(customer, seed ^ 0x4f49_4421), 8)}${hex(kind, 1)}${hex(slot, 1)}${rng.hex(6)}`;
}

/** Kinds of objectIdHex ids, so ids of different things never meet. */
export const ID_KIND = {
  user: 1,
  structure: 2,
  rootGroup: 3,
  syncUpdate: 4,
  backup: 5,
  licence: 6,
  member: 7,
} as const;
