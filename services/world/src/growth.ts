import type { Db } from 'mongodb';
import type pg from 'pg';
import { copyBatch } from './batch.ts';
import { shiftCustomer, shiftOf } from './clock.ts';
import { type Customer, generateCustomer } from './customer.ts';
import { DEVICE_WORDS, PAIRED_TYPES } from './gen1/catalog.ts';
import { link, macFor } from './gen1/links.ts';
import { addLocation } from './gen1/locations.ts';
import { queuedCommand } from './gen1/readings.ts';
import { emptyGen1, type Gen1Rows, ID_BLOCK, rowId } from './gen1/types.ts';
import { hubTransaction } from './gen2/histories.ts';
import { supportNote } from './gen2/records.ts';
import { emptyGen2, type Gen2Docs } from './gen2/types.ts';
import * as ids from './ids.ts';
import { readMeta } from './meta.ts';
import { type DocsOf, insertDocs, type OnInserted } from './mongo/insert.ts';
import { deriveSeed, Rng } from './rng.ts';
import { DAY, WORLD_NOW } from './time.ts';

/**
 * A world that keeps living after it is loaded: customers join, add links and devices, send
 * commands, staff write notes, at daily rates. Time is cut into ticks from the world's now; tick k
 * is the same records for the same seed (its own random stream, ids from its own numbers), written
 * once: Mongo first (ids are deterministic, so a repeat is refused), then Postgres with the next
 * tick in the same transaction, which only the grower holding tick k can commit.
 */
export const GROWTH_KINDS = ['customer', 'link', 'device', 'command', 'note'] as const;
export type GrowthKind = (typeof GROWTH_KINDS)[number];
/** Records of each kind added per day. */
export type GrowthRates = Record<GrowthKind, number>;

/** Customer numbers of the growth's new customers start at GROWTH_FIRST; each tick's other records take ids from a number of the upper half. */
const ACTIVITY_FIRST = ids.GROWTH_FIRST + (ids.MAX_CUSTOMERS - ids.GROWTH_FIRST) / 2;
const STREAM = 7;

export interface GrowthWorld {
  seed: number;
  /** Customers of the loaded world (the ones new records attach to). */
  customers: number;
  /** The world's now (ms): tick 0 starts there. */
  now: number;
}

export interface GrowthTick {
  tick: number;
  /** The tick's window [from, to) (ms). */
  from: number;
  to: number;
  gen1: Gen1Rows;
  /** The documents by the number their ids are made from. */
  parts: DocsOf[];
  /** New customers written (numbers from GROWTH_FIRST). */
  customers: number;
  /** What was added, per kind: an id a reader can find it by (e-mail, MAC, serial, id). */
  added: Record<GrowthKind, string[]>;
}

/** How many of a kind fall in a tick: the mean's whole part, and one more with its fraction's chance. */
function draw(rng: Rng, perDay: number, tickMs: number, cap: number): number {
  const mean = (perDay * tickMs) / DAY;
  return Math.min(cap, Math.floor(mean) + (rng.chance(mean % 1) ? 1 : 0));
}

/** Tick `tick` of world `w`'s growth; `joined` growth customers came before it. */
export function growthTick(
  w: GrowthWorld,
  tick: number,
  tickMs: number,
  rates: GrowthRates,
  joined: number,
): GrowthTick {
  const rng = new Rng(deriveSeed(w.seed, tick, STREAM));
  const from = w.now + tick * tickMs;
  const at = () => from + rng.int(0, Math.max(0, Math.floor(tickMs / 1000) - 1)) * 1000;
  const out: GrowthTick = {
    tick,
    from,
    to: from + tickMs,
    gen1: emptyGen1(),
    parts: [],
    customers: 0,
    added: { customer: [], link: [], device: [], command: [], note: [] },
  };
  const a = ACTIVITY_FIRST + tick;
  const activity = emptyGen2();
  /** A record made on the reference clock at its now, moved to `t`. */
  const moved = (t: number, make: (rows: Gen1Rows, docs: Gen2Docs) => void) => {
    const piece = { gen1: emptyGen1(), gen2: emptyGen2() };
    make(piece.gen1, piece.gen2);
    shiftCustomer(piece, shiftOf(t), t);
    merge(out.gen1, piece.gen1);
    merge(activity, piece.gen2);
  };
  const existing = (fits: (c: Customer) => boolean) => {
    for (let tries = 0; tries < 8 && w.customers > 0; tries++) {
      const c = generateCustomer(w.seed, rng.int(0, w.customers - 1), { histories: false, now: w.now });
      if (fits(c)) return c;
    }
    return null;
  };
  const ref = new Date(WORLD_NOW);

  for (let n = draw(rng, rates.customer, tickMs, 64); n > 0; n--) {
    const index = ids.GROWTH_FIRST + joined + out.customers++;
    const c = generateCustomer(w.seed, index, { histories: false, joinsAt: at() });
    merge(out.gen1, c.gen1);
    out.parts.push({ index, gen2: c.gen2 });
    out.added.customer.push((c.gen2.users[0]?.email ?? c.gen1.users[0]?.email) as string);
  }
  for (let slot = 0, n = draw(rng, rates.link, tickMs, ID_BLOCK.wfl); slot < n; slot++) {
    const c = existing((x) => x.gen1.users.length > 0);
    const user = c?.gen1.users[0];
    if (!user) continue;
    moved(at(), (rows) => {
      const input = {
        seed: w.seed,
        index: a,
        rng,
        person: personOf(user),
        created: ref,
        flags: new Set<string>(),
      };
      const wfl = link(input, rows, slot, user.user_id, macFor(input, slot), ref);
      addLocation(w.seed, a, slot, rows, wfl);
      out.added.link.push(wfl.mac);
    });
  }
  for (let n = 0, count = draw(rng, rates.device, tickMs, ID_BLOCK.device); n < count; n++) {
    const wfl = existing((x) => x.gen1.wfls.length > 0)?.gen1.wfls[0];
    if (!wfl) continue;
    const type = rng.weighted(PAIRED_TYPES);
    const device = {
      device_id: rowId(a, 'device', n),
      device_type_id: type,
      name: rng.pick(DEVICE_WORDS[type] ?? ['Device']),
      serial: ids.serial(w.seed, a, n, 1),
      wfl_id: wfl.wfl_id,
      room_id: null,
      active: 1 as const,
    };
    out.gen1.devices.push(device);
    out.added.device.push(device.serial);
  }
  for (let n = 0, count = draw(rng, rates.command, tickMs, ID_BLOCK.command * 2); n < count; n++) {
    // Half Gen1 pokes to WiFi links, half Gen2 actions on hubs.
    if (n % 2 === 0) {
      const c = existing((x) => x.gen1.wfls.length > 0);
      const wfl = c?.gen1.wfls[0];
      if (!c || !wfl) continue;
      const id = rowId(a, 'command', n / 2);
      moved(at(), (rows) =>
        rows.command_queue.push(queuedCommand(rng, id, wfl, c.gen1.users[0]?.email ?? '', ref)),
      );
      out.added.command.push(`gen1:${id}`);
    } else {
      const c = existing((x) => x.gen2.hubs.some((h) => h.rootGroupId !== null));
      const hub = c?.gen2.hubs.find((h) => h.rootGroupId !== null);
      const owner = c?.gen2.users[0];
      if (!hub || !owner) continue;
      moved(at(), (_, docs) => hubTransaction(rng, hub, owner.userId, () => ref, n, docs));
      out.added.command.push(`gen2:${hub.hubId}`);
    }
  }
  for (let n = draw(rng, rates.note, tickMs, 64); n > 0; n--) {
    const owner = existing((x) => x.gen2.users.length > 0)?.gen2.users[0];
    if (!owner) continue;
    moved(at(), (_, docs) => supportNote(rng, owner.userId, ref, docs));
    out.added.note.push(owner.userId);
  }
  out.parts.push({ index: a, gen2: activity });
  return out;
}

function personOf(user: { email: string; username: string; name: string }) {
  const [first = '', last = ''] = user.name.split(' ');
  return { first, last, name: user.name, email: user.email, username: user.username };
}

function merge<T extends object>(into: T, from: T): void {
  for (const [k, v] of Object.entries(from) as [keyof T, unknown[]][]) (into[k] as unknown[]).push(...v);
}

export interface GrowOptions {
  pool: pg.Pool;
  db: Db;
  rates: GrowthRates;
  /** Tick length (default one minute). */
  tickMs?: number;
  /** A world left for longer than this catches up only this much (default 7 days). */
  catchUpMs?: number;
  /** At most this many ticks per call (default 60), so a long catch-up comes in slices. */
  maxTicks?: number;
  /** The time now (default the clock's). */
  now?: number;
  /** Told of the Gen2 documents and Gen1 command queue and WiFi link rows each tick wrote (the simulator announces them on `STORE`). */
  onInserted?: OnInserted;
}

export interface GrowResult {
  /** Ticks written by this call, and the next tick due. */
  ticks: number;
  next: number;
  /** Ticks skipped because the world was left longer than the catch-up. */
  skipped: number;
  added: Record<GrowthKind, string[]>;
  /** Why nothing could grow (no world loaded, or one still loading). */
  waiting?: string;
}

/** Writes every tick of the growth that is due by `now` (within the catch-up), in order. */
export async function growWorld(o: GrowOptions): Promise<GrowResult> {
  const tickMs = o.tickMs ?? 60_000;
  const now = o.now ?? Date.now();
  const added: GrowResult['added'] = { customer: [], link: [], device: [], command: [], note: [] };
  const result: GrowResult = { ticks: 0, next: 0, skipped: 0, added };
  const meta = await readMeta(o.pool);
  if (meta?.status !== 'loaded') return { ...result, waiting: 'no world is loaded yet' };
  const w: GrowthWorld = { seed: meta.seed, customers: meta.customers, now: meta.now ?? WORLD_NOW };
  await o.pool.query(
    'insert into world_growth (id, tick, customers) values (1, 0, 0) on conflict (id) do nothing',
  );
  const { rows } = await o.pool.query<{ tick: string; customers: string }>(
    'select tick, customers from world_growth where id = 1',
  );
  let tick = Number(rows[0]?.tick ?? 0);
  let joined = Number(rows[0]?.customers ?? 0);
  const due = Math.floor((now - w.now) / tickMs); // ticks whose window has ended
  const oldest = due - Math.floor((o.catchUpMs ?? 7 * DAY) / tickMs);
  if (tick < oldest) {
    result.skipped = oldest - tick;
    tick = oldest;
  }
  for (let n = 0; tick < due && n < (o.maxTicks ?? 60); n++, tick++) {
    const t = growthTick(w, tick, tickMs, o.rates, joined);
    await insertDocs(o.db, t.parts, Math.floor(t.from / 1000), o.onInserted);
    // The Gen1 rows the statistics count, told before the commit: a tick another grower took holds the same rows.
    await o.onInserted?.(
      'commandQueue',
      t.gen1.command_queue.map((r) => ({ _id: r.id, ...r })),
    );
    await o.onInserted?.(
      'wfls',
      t.gen1.wfls.map((r) => ({ _id: r.wfl_id, ...r })),
    );
    const prev = Number(rows[0]?.tick ?? 0);
    const expected = n === 0 ? prev : tick;
    await copyBatch(o.pool, [t], async (client) => {
      const r = await client.query(
        'update world_growth set tick = $2, customers = $3, updated = now() where id = 1 and tick = $1',
        [expected, tick + 1, joined + t.customers],
      );
      // Another grower wrote this tick first: nothing of this one is committed.
      if (r.rowCount !== 1) throw new GrowthTakenError();
    });
    joined += t.customers;
    result.ticks++;
    for (const k of GROWTH_KINDS) added[k].push(...t.added[k]);
  }
  result.next = tick;
  return result;
}

/** Another grower holds the growth (it wrote the tick this one was writing). */
export class GrowthTakenError extends Error {
  constructor() {
    super('another grower wrote this tick');
    this.name = 'GrowthTakenError';
  }
}
