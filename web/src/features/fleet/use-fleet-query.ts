import {
  type FleetCounts,
  type FleetPosition,
  type FleetQuery,
  type FleetSample,
  liveTopics,
  type ServerFrame,
} from '@console/contracts';
import { useEffect, useState } from 'react';

/** Samples the screen keeps, newest first. */
export const SAMPLES_KEPT = 100;
const TOPIC = liveTopics.fleet('lens');
const RETRY_MS = 2000;

export interface FleetView {
  status: 'idle' | 'starting' | 'running' | 'reconnecting' | 'refused';
  error: { message: string; position?: FleetPosition } | null;
  counts: FleetCounts | null;
  samples: FleetSample[];
}

const IDLE: FleetView = { status: 'idle', error: null, counts: null, samples: [] };

/**
 * Runs one fleet query on a socket of its own to `/ws` while `query` is set: the fan-out
 * evaluates it and sends samples and counts (`fleet:lens`). A refusal (400 with where the
 * expression fails, 403, 503) ends it; a lost socket starts the query again, counting afresh.
 */
export function useFleetQuery(query: FleetQuery | null): FleetView {
  const [view, setView] = useState<FleetView>(IDLE);
  const key = query ? JSON.stringify(query) : null;

  useEffect(() => {
    if (!key) {
      setView(IDLE);
      return;
    }
    const wanted = JSON.parse(key) as FleetQuery;
    let ws: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let done = false;
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(`${scheme}://${window.location.host}/ws`);
      ws = socket;
      socket.onmessage = (m) => {
        const frame = JSON.parse(String(m.data)) as ServerFrame;
        if (frame.type === 'hello')
          socket.send(JSON.stringify({ type: 'subscribe', topic: TOPIC, query: wanted }));
        else if (frame.type === 'subscribed') setView((v) => ({ ...v, status: 'running' }));
        else if (frame.type === 'events' && frame.topic === TOPIC) setView((v) => received(v, frame.events));
        else if (frame.type === 'error' || frame.type === 'reload') {
          done = true;
          const message = frame.type === 'error' ? frame.message : frame.reason;
          const position = frame.type === 'error' ? frame.position : undefined;
          setView((v) => ({
            ...v,
            status: 'refused',
            error: { message, ...(position ? { position } : {}) },
          }));
          socket.close(1000);
        }
      };
      socket.onclose = () => {
        if (done || ws !== socket) return;
        setView((v) => ({ ...v, status: 'reconnecting' }));
        retry = setTimeout(open, RETRY_MS);
      };
    };
    setView({ ...IDLE, status: 'starting' });
    open();
    return () => {
      done = true;
      if (retry) clearTimeout(retry);
      ws?.close(1000);
    };
  }, [key]);

  return view;
}

function received(v: FleetView, events: readonly { kind?: string; data: unknown }[]): FleetView {
  let counts = v.counts;
  const fresh: FleetSample[] = [];
  for (const e of events) {
    if (e.kind === 'counts') counts = e.data as FleetCounts;
    else if (e.kind === 'message') fresh.push(e as FleetSample);
  }
  const samples = fresh.length > 0 ? [...fresh.reverse(), ...v.samples].slice(0, SAMPLES_KEPT) : v.samples;
  return { ...v, counts, samples };
}
