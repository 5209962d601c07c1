import { GEN1_AUTO_REFRESH_SECONDS } from '@console/contracts';
import { useCallback, useEffect, useState } from 'react';
import { stopTime } from './wfl-commands.ts';

/** An auto-refresh that runs for `seconds` (180 by default, spec §4) and then stops by itself. */
export function useAutoRefresh(seconds = GEN1_AUTO_REFRESH_SECONDS) {
  const [stopAt, setStopAt] = useState<number | null>(null);
  useEffect(() => {
    if (stopAt === null) return;
    const t = setTimeout(() => setStopAt(null), Math.max(0, stopAt - Date.now()));
    return () => clearTimeout(t);
  }, [stopAt]);
  const toggle = useCallback(
    () => setStopAt((at) => (at === null ? stopTime(Date.now(), seconds) : null)),
    [seconds],
  );
  return { on: stopAt !== null, stopAt, toggle };
}
