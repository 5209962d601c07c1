import type { MapBatch, MapMarker } from '@console/contracts';
import type pg from 'pg';

export interface MarkerQuery {
  /** Epoch seconds, inclusive; null for any. */
  from: number | null;
  /** Epoch seconds, exclusive; null for any. */
  to: number | null;
  afterId: number;
  limit: number;
  energyOnly: boolean;
}

interface Row {
  wfl_id: string;
  mac: string;
  lat: number | null;
  long: number | null;
  energy: number;
  created: string;
}

/** The world map's markers from `wfl_locations` (filled by the world generator). */
export class MapMarkers {
  private readonly pg: pg.Pool;
  constructor(pool: pg.Pool) {
    this.pg = pool;
  }

  async batch(q: MarkerQuery): Promise<MapBatch> {
    // One row more than asked tells whether another batch follows.
    const { rows } = await this.pg.query<Row>(
      `select wfl_id, mac, lat, long, energy, created from wfl_locations
       where wfl_id > $1 and ($2::bigint is null or created >= $2) and ($3::bigint is null or created < $3)
         and (not $4 or energy = 1)
       order by wfl_id limit $5`,
      [q.afterId, q.from, q.to, q.energyOnly, q.limit + 1],
    );
    const done = rows.length <= q.limit;
    return { rows: rows.slice(0, q.limit).map(toMarker), done };
  }
}

function toMarker(r: Row): MapMarker {
  return {
    id: Number(r.wfl_id),
    mac: r.mac,
    lat: r.lat,
    long: r.long,
    energy: r.energy === 1,
    time: new Date(Number(r.created) * 1000).toISOString(),
  };
}
