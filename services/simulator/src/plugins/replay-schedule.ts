/**
 * Plays `count` events at `startAt + offsetOf(i)` (performance.now() time), in order. Each wake-up
 * computes the next due time from the fixed start, never from the previous wake-up, so timer
 * lateness does not add up (drift-corrected, not chained delays). It sleeps with setTimeout until
 * ~2 ms before a due time and covers the last stretch with setImmediate turns, so a message is sent
 * within about a millisecond of its time on an idle machine without a busy loop. A late first
 * message moves the start to when it went out (the spacing is kept, not the wall-clock start).
 */
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
    const wait = start + offsetOf(i) - performance.now();
    if (wait > 3) timer = setTimeout(pump, wait - 2);
    else immediate = setImmediate(pump);
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
