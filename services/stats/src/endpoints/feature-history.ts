import { ApiError, FEATURE_HISTORY, statsOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

interface Row {
  value: unknown;
  at: Date;
  seq: string;
  hub_id: string;
  source: string;
  info: string | null;
}

/**
 * The device dialog's historical feature data: the newest points of a feature in a time window,
 * `before` the last point shown (its moment and seq) for Load More. One index range scan on (feature_id, at).
 */
export function featureHistoryHandlers(app: FastifyInstance) {
  return defineHandlers(statsOperations, {
    'stats.featureHistory': async ({ body }) => {
      const limit = body.limit ?? FEATURE_HISTORY.defaultLimit;
      for (const moment of [body.start_time, body.end_time, body.before])
        if (moment && Number.isNaN(Date.parse(moment))) throw new ApiError(400, `Not a date: ${moment}`);
      const start = body.start_time ? new Date(body.start_time) : null;
      const end = body.end_time ? new Date(body.end_time) : null;
      if (start && end && start > end) throw new ApiError(400, 'The start time is after the end time.');
      const before = body.before ? new Date(body.before) : null;
      const { rows } = await app.pg.query<Row>(
        `select value, at, seq, hub_id, source, info from feature_history
          where feature_id = $1 and ($2::timestamptz is null or at >= $2)
            and ($3::timestamptz is null or at <= $3)
            and ($4::timestamptz is null or (at, seq) < ($4, coalesce($6::bigint, 0)))
          order by at desc, seq desc limit $5`,
        [body.featureId, start, end, before, limit, body.beforeSeq ?? null],
      );
      return {
        featureId: body.featureId,
        points: rows.map((r) => ({
          value: r.value,
          timestamp: r.at.toISOString(),
          hubId: Number(r.hub_id),
          seq: Number(r.seq),
          info: r.info,
          metadata: { source: r.source },
        })),
        limit,
        more: rows.length === limit,
      };
    },
  });
}
