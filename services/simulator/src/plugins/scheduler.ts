interface Due {
  at: number;
  run: () => void;
}

/**
 * One timer for the whole fleet: work that must happen later (a reconnect after a restart, a slow
 * reply) waits in a min-heap and runs on the first tick after it is due, instead of one timer per hub.
 */
export class Scheduler {
  private heap: Due[] = [];

  get size(): number {
    return this.heap.length;
  }

  at(at: number, run: () => void): void {
    const h = this.heap;
    h.push({ at, run });
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((h[parent] as Due).at <= (h[i] as Due).at) break;
      [h[parent], h[i]] = [h[i] as Due, h[parent] as Due];
      i = parent;
    }
  }

  /** Runs everything due by `now`; a failing job does not stop the others. */
  runDue(now: number, onError: (err: unknown) => void): void {
    while (this.heap.length > 0 && (this.heap[0] as Due).at <= now) {
      const job = this.pop();
      try {
        job.run();
      } catch (err) {
        onError(err);
      }
    }
  }

  private pop(): Due {
    const h = this.heap;
    const top = h[0] as Due;
    const last = h.pop() as Due;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && (h[l] as Due).at < (h[m] as Due).at) m = l;
        if (r < h.length && (h[r] as Due).at < (h[m] as Due).at) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i] as Due, h[m] as Due];
        i = m;
      }
    }
    return top;
  }
}
