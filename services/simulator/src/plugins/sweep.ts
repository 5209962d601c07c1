/**
 * Visits a list once per period, a slice per tick: 10,000 hubs refreshing presence every 30 s at a
 * 100 ms tick is 34 hubs per tick, not 10,000 timers or one burst.
 */
export class Sweep {
  private cursor = 0;
  private carry = 0;

  private periodMs: number;
  constructor(periodMs: number) {
    this.periodMs = periodMs;
  }

  setPeriod(periodMs: number): void {
    this.periodMs = periodMs;
  }

  run<T>(list: readonly T[], elapsedMs: number, visit: (item: T) => void): void {
    if (list.length === 0 || this.periodMs <= 0) return;
    const due = this.carry + (list.length * elapsedMs) / this.periodMs;
    const count = Math.min(list.length, Math.floor(due));
    this.carry = due - count;
    for (let i = 0; i < count; i++) {
      if (this.cursor >= list.length) this.cursor = 0;
      visit(list[this.cursor++] as T);
    }
  }
}
