import { type MapBatch, type MapMarker, WORLD_MAP } from '@console/contracts';
import { useEffect, useState } from 'react';
import { call } from '../../shared/api/call.ts';
import { errorMessage } from '../../shared/api/client.ts';
import { nextBatch } from './markers.ts';

export interface MarkerLoad {
  /** Every row loaded so far (the array grows batch by batch; read `version` to notice). */
  rows: readonly MapMarker[];
  version: number;
  loading: boolean;
  batchSize: number;
  error: string | null;
  loadedAt: Date | null;
}

function fetchBatch(
  range: { from: string; to: string },
  energy: boolean,
  fromid: number,
  limit: number,
  signal: AbortSignal,
): Promise<MapBatch> {
  const query = { from: range.from, to: range.to, fromid, limit };
  return call(energy ? 'search.wifilinksEnergy' : 'search.wifilinks', { query, signal });
}

/**
 * Loads the map's rows in growing batches (1, 2, 4 … 1,500), showing each as it lands; once the
 * last batch is in, loads everything again after 60 s into a fresh list, swapped in whole, so a
 * reload never empties the map and only starts after a full load (seed 002 §4, §9).
 */
export function useMarkerLoad(range: { from: string; to: string }, energy: boolean, run: number): MarkerLoad {
  const [state, setState] = useState<MarkerLoad>({
    rows: [],
    version: 0,
    loading: true,
    batchSize: WORLD_MAP.firstBatch,
    error: null,
    loadedAt: null,
  });
  const { from, to } = range;

  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let version = 0;

    const load = async (first: boolean) => {
      const fresh: MapMarker[] = [];
      let size: number = WORLD_MAP.firstBatch;
      let fromid = 0;
      setState((s) => ({
        ...s,
        loading: true,
        error: null,
        ...(first ? { rows: fresh, version: ++version } : {}),
      }));
      try {
        for (;;) {
          const batch = await fetchBatch({ from, to }, energy, fromid, size, abort.signal);
          fresh.push(...batch.rows);
          const last = batch.rows.at(-1);
          if (last) fromid = last.id;
          if (first) setState((s) => ({ ...s, rows: fresh, version: ++version, batchSize: size }));
          if (batch.done || !last) break;
          size = nextBatch(size);
        }
        setState((s) => ({ ...s, rows: fresh, version: ++version, loading: false, loadedAt: new Date() }));
        timer = setTimeout(() => void load(false), WORLD_MAP.refreshMs);
      } catch (error) {
        if (abort.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: errorMessage(error) }));
      }
    };
    void load(true);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [from, to, energy, run]);

  return state;
}
