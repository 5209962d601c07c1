import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A paced run of sends (Send Multiple, the Payloads panel, Read All / Write All, Write Loop): step
 * 0, 1, 2… `delayMs` apart for as long as the step says to go on, one run at a time, stopped by
 * Stop or when the page goes.
 */
export function useSequence() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setRunning(null);
  }, []);
  useEffect(() => stop, [stop]);
  const start = (name: string, delayMs: number, step: (i: number) => boolean) => {
    stop();
    setRunning(name);
    const run = (i: number) => {
      if (!step(i)) return stop();
      timer.current = setTimeout(() => run(i + 1), delayMs);
    };
    run(0);
  };
  return { running, start, stop };
}
