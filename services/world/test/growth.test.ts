import { COLLECTIONS } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { type GrowthRates, growWorld, loadWorld } from '../src/index.ts';
import { openWorld } from './harness.ts';

const w = useSuite(() => openWorld());
const MINUTE = 60_000;
const RATES: GrowthRates = { customer: 2880, link: 1440, device: 2880, command: 14_400, note: 1440 };

const count = async (sql: string, args: unknown[] = []) =>
  Number((await w.pool.query<{ n: string }>(sql, args)).rows[0]?.n);

describe('a growing world', () => {
  it('writes every tick due since its now, in the stores the loader wrote, where the readers find them', async () => {
    const now = Date.now();
    const loaded = await loadWorld({
      pool: w.pool,
      db: w.db,
      seed: 5,
      customers: 30,
      now: now - 30 * MINUTE,
    });
    const users0 = await count('select count(*) as n from users');
    const docs0 = await w.db.collection(COLLECTIONS.users).countDocuments();

    const r = await growWorld({ pool: w.pool, db: w.db, rates: RATES, now });
    expect(r).toMatchObject({ ticks: 30, next: 30, skipped: 0 });
    expect(r.added.customer.length).toBeGreaterThan(30);
    for (const k of ['link', 'device', 'command', 'note'] as const)
      expect(r.added[k].length, k).toBeGreaterThan(0);
    const since = new Date(loaded.now);
    // New customers: Gen1 accounts in Postgres, Gen2 users in Mongo, dated after the world's now.
    const gen1 = await count('select count(*) as n from users where created >= $1', [loaded.now / 1000]);
    const gen2 = await w.db.collection(COLLECTIONS.users).countDocuments({ createdDate: { $gte: since } });
    expect(gen1 + gen2).toBeGreaterThanOrEqual(r.added.customer.length);
    expect((await count('select count(*) as n from users')) - users0).toBe(gen1);
    expect((await w.db.collection(COLLECTIONS.users).countDocuments()) - docs0).toBe(gen2);
    // Found as search finds an account (e-mail prefix), and on the world map's last week.
    const email = r.added.customer[0] as string;
    expect(
      (await count('select count(*) as n from users where lower(email) like $1', [email.slice(0, 12)])) +
        (await w.db.collection(COLLECTIONS.users).countDocuments({ email })),
    ).toBeGreaterThan(0);
    expect(
      await count('select count(*) as n from wfl_locations where created >= $1', [
        Math.floor((now - 7 * 24 * 60 * MINUTE) / 1000),
      ]),
    ).toBeGreaterThanOrEqual(r.added.link.length);
    expect(
      await count('select count(*) as n from command_queue where request_date >= $1', [since]),
    ).toBeGreaterThan(0);
    expect(
      await w.db.collection(COLLECTIONS.supportNotes).countDocuments({ createdDate: { $gte: since } }),
    ).toBe(r.added.note.length);

    // Nothing more is due until the next minute ends; a tick written once is never written again.
    const again = await growWorld({ pool: w.pool, db: w.db, rates: RATES, now: now + 1000 });
    expect(again.ticks).toBe(0);
    const later = await growWorld({ pool: w.pool, db: w.db, rates: RATES, now: now + 2 * MINUTE });
    expect(later).toMatchObject({ ticks: 2, next: 32 });
  });

  it('catches up at most its catch-up span after being left for longer', async () => {
    const now = Date.now() + 3 * 60 * MINUTE;
    const r = await growWorld({
      pool: w.pool,
      db: w.db,
      rates: RATES,
      now,
      catchUpMs: 10 * MINUTE,
      maxTicks: 100,
    });
    expect(r.ticks).toBe(10);
    expect(r.skipped).toBeGreaterThan(100);
  });
});
