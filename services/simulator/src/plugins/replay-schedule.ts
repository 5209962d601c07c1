/**
 * Plays `count` events at `startAt + offsetOf(i)` (performance.now() time), in order. Each wake-up
 * computes the next due time from the fixed start, never from the previous wake-up, so timer
 * lateness does not add up (drift-corrected, not chained delays). It sleeps with setTimeout until
 * ~2 ms before a due time and busy-waits the rest (at most 2 ms; setImmediate turns if the timer
 * woke earlier). It runs on the replay clock's own thread, so the spin holds up nothing but other
 * replays of that clock, by at most 2 ms. A late first message moves the start to when it went out
 * (the spacing is kept, not the wall-clock start).
 */

/** At most this long is spent busy-waiting for one due time (another replay's may wait as long). */
const SPIN_MS = 2;

export interface ReplaySchedule {
  /** Stops before the next event; `done` is not called. */
  stop(): void;
  readonly sent: number;
}

export function playSchedule(
  count: number,
  offsetOf: (i: number) => number,
  startAt: number,
  emit: (i: number) => void,
  done: () => void,
): ReplaySchedule {
  let i = 0;
  let start = startAt;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let immediate: ReturnType<typeof setImmediate> | null = null;
  const pump = () => {
    timer = null;
    immediate = null;
    if (stopped) return;
    let now = performance.now();
    // Spacing is what a replay keeps: if the first message goes out late (a cold thread, a busy
    // machine at the start), the schedule starts from when it went out rather than making every
    // later message early against it.
    if (i === 0 && count > 0 && start + offsetOf(0) <= now) start = now - offsetOf(0);
    while (i < count && start + offsetOf(i) <= now) {
      emit(i++);
      // A long burst: read the clock again every so often rather than per message.
      if ((i & 63) === 0) now = performance.now();
    }
    if (i >= count) return done();
    const due = start + offsetOf(i);
    const wait = due - performance.now();
    if (wait > 3) timer = setTimeout(pump, wait - 2);
    else if (wait > SPIN_MS) immediate = setImmediate(pump);
    else {
      // The last stretch: a bounded busy-wait. (setImmediate turns each allocate: spinning on them
      // made the thread collect garbage every ~0.1 s.) Then one turn, and the message goes out.
      while (performance.now() < due) {
        // spin
      }
      immediate = setImmediate(pump);
    }
  };
  pump();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
    },
    get sent() {
      return i;
    },
  };
}
