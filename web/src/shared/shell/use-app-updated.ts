import { VERSION_CHECK_MS } from '@console/contracts';
import { useEffect, useState } from 'react';

/** The console's own main script, as this page loaded it. */
function mainScript(): string | null {
  const el = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return el?.src ?? null;
}

/**
 * Every 15 minutes, asks whether the main script this page runs is still served; a new build
 * replaces it (its name carries a content hash), so a 404 means the app was updated (seed 002 §4).
 */
export function useAppUpdated(): boolean {
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    const src = mainScript();
    if (!src) return;
    const timer = setInterval(async () => {
      try {
        const res = await fetch(src, { method: 'HEAD', cache: 'no-store' });
        if (res.status === 404) setUpdated(true);
      } catch {
        // Offline or the server restarting: ask again next time.
      }
    }, VERSION_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return updated;
}
