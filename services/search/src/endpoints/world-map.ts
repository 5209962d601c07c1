import { ApiError, type MapBatchQuery, searchOperations, WORLD_MAP } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { MapMarkers, type MarkerQuery } from '../plugins/world-map/markers.store.ts';

function epoch(value: string | undefined, field: 'from' | 'to'): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms))
    throw new ApiError(400, 'Not a date: use e.g. 2026-03-01T00:00:00Z.', { [field]: 'Not a date' });
  return Math.floor(ms / 1000);
}

/** The query string as a batch query, or a 400 saying what to change. */
export function markerQuery(q: MapBatchQuery, energyOnly: boolean): MarkerQuery {
  const all = q.all === 'true';
  const from = all ? null : epoch(q.from, 'from');
  const to = all ? null : epoch(q.to, 'to');
  if (from !== null && to !== null && to <= from)
    throw new ApiError(400, 'The end of the range must come after its start.', { to: 'Before the start' });
  const limit = q.limit === undefined ? WORLD_MAP.maxBatch : Number(q.limit);
  if (limit < 1 || limit > WORLD_MAP.maxBatch)
    throw new ApiError(400, `A batch holds 1 to ${WORLD_MAP.maxBatch} links.`, { limit: 'Out of range' });
  return { from, to, afterId: Number(q.fromid ?? 0), limit, energyOnly };
}

/** The world map (seed 002 §7 "GET /api/wifilinks"). */
export function worldMapHandlers(app: FastifyInstance) {
  const markers = new MapMarkers(app.pg);
  return defineHandlers(searchOperations, {
    'search.wifilinks': async (ctx) => markers.batch(markerQuery(ctx.query, false)),
    'search.wifilinksEnergy': async (ctx) => markers.batch(markerQuery(ctx.query, true)),
  });
}
