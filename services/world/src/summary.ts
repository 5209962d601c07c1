import { customers, type WorldSpec } from './world.ts';

export interface WorldSummary {
  customers: number;
  kinds: Record<string, number>;
  /** Rows per Gen1 table and documents per Gen2 collection key. */
  counts: Record<string, number>;
  /** Customers carrying each case (gen2.errorState, gen1.sharedMac…). */
  cases: Record<string, number>;
}

/** What a world holds, generated without a database: the proportions the README states. */
export function summarize(spec: WorldSpec): WorldSummary {
  const s: WorldSummary = { customers: spec.customers, kinds: {}, counts: {}, cases: {} };
  const add = (m: Record<string, number>, k: string, n = 1) => {
    m[k] = (m[k] ?? 0) + n;
  };
  for (const c of customers(spec)) {
    add(s.kinds, c.kind);
    for (const [table, rows] of Object.entries(c.gen1)) add(s.counts, `pg.${table}`, rows.length);
    for (const [key, docs] of Object.entries(c.gen2)) add(s.counts, `mongo.${key}`, docs.length);
    for (const f of c.flags) add(s.cases, f);
  }
  return s;
}
