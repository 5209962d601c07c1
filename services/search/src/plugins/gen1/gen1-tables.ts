import type pg from 'pg';

/** Reads and writes over the Gen1 tables: the search pool, and the clock that says what is online. */
export abstract class Gen1Tables {
  protected readonly pool: pg.Pool;
  protected readonly now: () => Date;
  constructor(pool: pg.Pool, now: () => Date) {
    this.pool = pool;
    this.now = now;
  }
}
