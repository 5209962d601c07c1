import { op } from '../types.ts';
import { MapBatchQuerySchema, MapBatchSchema } from './world-map.ts';

/** The world map is admin only (seed 002 §6); admin always passes an empty list. */
const admin = [] as const;

const batch = <const Id extends string>(id: Id, suffix: string, what: string) =>
  op({
    id,
    service: 'search',
    method: 'GET',
    path: `/api/wifilinks${suffix}`,
    access: admin,
    summary: `${what} added in a date range, in id order, one batch (fromid, limit) at a time`,
    tags: ['world map'],
    querystring: MapBatchQuerySchema,
    response: MapBatchSchema,
  });

/** The world map's calls (seed 002 §7 "GET /api/wifilinks; GET /api/wifilinks/energy"). */
export const worldMapOperations = [
  batch('search.wifilinks', '', 'WiFi links with their coordinates'),
  batch('search.wifilinksEnergy', '/energy', 'WiFi links that carry an energy device'),
] as const;
