import { COLLECTIONS, type StatisticsDayDoc } from '@console/contracts';
import type { Db } from 'mongodb';
import type { Customer } from './customer.ts';
import { DAY, WORLD_NOW } from './time.ts';

/** The daily statistics records cover the world's last year, up to the day of its now (today). */
export const STATISTICS_DAYS = 365;

/** Day index in the record span; -1 before it (counted in the opening totals), null after it. */
function dayIn(start: number, d: Date): number | null {
  const t = d.getTime();
  if (t < start) return -1;
  const i = Math.floor((t - start) / DAY);
  return i < STATISTICS_DAYS ? i : null;
}

class Counter {
  readonly days = new Float64Array(STATISTICS_DAYS);
  before = 0;
  private readonly start: number;
  constructor(start: number) {
    this.start = start;
  }
  add(d: Date, n = 1): void {
    const i = dayIn(this.start, d);
    if (i === null) return;
    if (i < 0) this.before += n;
    else this.days[i] = (this.days[i] as number) + n;
  }
  /** Running totals at the end of each day. */
  totals(): number[] {
    let run = this.before;
    return Array.from(this.days, (v) => {
      run += v;
      return run;
    });
  }
}

/**
 * The world's daily statistics records (Support Plus spec §3), tallied from the customers
 * themselves so they agree with the stored data: users, devices per product code, structures per
 * product code, the day's hub messages, Gen1 commands, transactions and hubs seen.
 */
export class DailyTally {
  /** The first record's day: the last record is the day the world's now falls in. */
  private readonly start: number;
  private readonly users: Counter;
  private devices = new Map<string, Counter>();
  private structures = new Map<string, Counter>();
  private readonly socketLogs: Counter;
  private readonly gen1Commands: Counter;
  private readonly commands: Counter;
  private readonly durations: Counter;
  private online = new Float64Array(STATISTICS_DAYS);

  constructor(now = WORLD_NOW) {
    this.start = Math.ceil(now / DAY) * DAY - STATISTICS_DAYS * DAY;
    this.users = new Counter(this.start);
    this.socketLogs = new Counter(this.start);
    this.gen1Commands = new Counter(this.start);
    this.commands = new Counter(this.start);
    this.durations = new Counter(this.start);
  }

  add(c: Customer): void {
    const g = c.gen2;
    for (const u of g.users) this.users.add(u.createdDate);
    const firstByStructure = new Map<string, Date>();
    for (const p of g.products) {
      this.counter(this.devices, p.productCode).add(p.createdDate);
      const key = `${p.rootGroupId}\u0000${p.productCode}`;
      const seen = firstByStructure.get(key);
      if (!seen || p.createdDate < seen) firstByStructure.set(key, p.createdDate);
    }
    for (const [key, d] of firstByStructure)
      this.counter(this.structures, key.split('\u0000')[1] as string).add(d);
    for (const s of g.socketLogs) this.socketLogs.add(s.createdDate);
    for (const t of g.transactions) {
      this.commands.add(t.createdDate);
      this.durations.add(t.createdDate, t.duration);
    }
    for (const q of c.gen1.command_queue) this.gen1Commands.add(q.request_date);
    for (const h of g.hubs) {
      // A hub is seen on every day from when it was added to when it last updated.
      const from = Math.max(0, dayIn(this.start, h.createdDate) ?? STATISTICS_DAYS);
      const to = dayIn(this.start, h.updatedDate);
      const last = to === null ? STATISTICS_DAYS - 1 : to;
      for (let i = from; i <= last; i++) this.online[i] = (this.online[i] as number) + 1;
    }
  }

  records(): StatisticsDayDoc[] {
    const users = this.users.totals();
    const devices = [...this.devices].map(([code, c]) => [code, c.totals()] as const);
    const structures = [...this.structures].map(([code, c]) => [code, c, c.totals()] as const);
    return Array.from({ length: STATISTICS_DAYS }, (_, i) => {
      const commands = this.commands.days[i] as number;
      return {
        date: new Date(this.start + i * DAY),
        users: { total: users[i] as number },
        devices: Object.fromEntries(devices.map(([code, t]) => [code, t[i] as number])),
        structures: {
          devices: Object.fromEntries(
            structures.map(([code, c, t]) => [code, { new: c.days[i] as number, total: t[i] as number }]),
          ),
        },
        statistics: {
          socketLogs: this.socketLogs.days[i] as number,
          gen1_commands: this.gen1Commands.days[i] as number,
          commands,
          average_statistics: commands ? Math.round((this.durations.days[i] as number) / commands) : 0,
        },
        online: this.online[i] as number,
      };
    });
  }

  private counter(map: Map<string, Counter>, key: string): Counter {
    let c = map.get(key);
    if (!c) {
      c = new Counter(this.start);
      map.set(key, c);
    }
    return c;
  }
}

/** Replaces the world's daily statistics records (they describe the world as loaded now). */
export async function writeDailyStatistics(db: Db, tally: DailyTally): Promise<void> {
  const collection = db.collection(COLLECTIONS.statistics);
  await collection.deleteMany({});
  await collection.insertMany(tally.records(), { ordered: false, forceServerObjectId: true });
}
