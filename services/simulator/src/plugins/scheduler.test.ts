import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.ts';

describe('Scheduler', () => {
  it('runs due jobs in time order and keeps the rest', () => {
    const s = new Scheduler();
    const ran: number[] = [];
    for (const at of [50, 10, 40, 20, 30, 60]) s.at(at, () => ran.push(at));
    s.runDue(35, () => undefined);
    expect(ran).toEqual([10, 20, 30]);
    expect(s.size).toBe(3);
    s.runDue(100, () => undefined);
    expect(ran).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('keeps going when a job throws', () => {
    const s = new Scheduler();
    const errors: unknown[] = [];
    let after = false;
    s.at(1, () => {
      throw new Error('boom');
    });
    s.at(2, () => {
      after = true;
    });
    s.runDue(5, (e) => errors.push(e));
    expect(errors).toHaveLength(1);
    expect(after).toBe(true);
  });
});
