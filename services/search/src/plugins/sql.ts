import pg from 'pg';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

const INT8 = 20;
const INT8_ARRAY = 1016;
const DATE = 1082;
const NUMERIC = 1700;

/**
 * Per-query type parsing: the legacy ids and epoch seconds are bigint columns but fit a JS number;
 * `date` columns stay the 'yyyy-mm-dd' strings the screens show (never shifted by a time zone).
 */
const types = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    if (oid === DATE) return (v: string) => v;
    if (oid === INT8_ARRAY) {
      const list = pg.types.getTypeParser(oid as never, 'text') as (v: string) => string[];
      return (v: string) => list(v).map(Number);
    }
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

export async function rows<T extends object>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const r = await db.query<T>({ text, values, types });
  return r.rows;
}

export async function one<T extends object>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<T | null> {
  return (await rows<T>(db, text, values))[0] ?? null;
}

/** Collects positional parameters while a statement is put together. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A statement and its values, as run by the service and printed (with EXPLAIN) by the benchmark. */
export interface Statement {
  text: string;
  values: unknown[];
}

export { transaction } from '@console/kit';
