import {
  checkRange,
  DM_COLUMNS,
  GRAPH_DEFAULT_RANGES,
  STATS_PERIODS,
  statsOperations,
} from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { latestBucket, readStat, STAT_SPECS, type StatSpec } from '../plugins/tabs.ts';
import { voiceUsers } from '../read-models/panels.ts';
import { refuse } from './errors.ts';

const DAY = STATS_PERIODS.daily;

/** The analytics graph screens (analytics spec §2, §7). */
export const graphHandlers = (app: FastifyInstance) =>
  defineHandlers(statsOperations, {
    'stats.usersWithApi': async () => app.gen1Graphs.usersWithApi(),
    'stats.ackStats': async ({ params, query }) => {
      refuse(checkRange(query.fromDate, query.toDate));
      return app.gen1Graphs.ackStats(
        params.unit,
        { from: query.fromDate, to: query.toDate },
        query.groupbyseconds,
      );
    },
    'stats.demand': async ({ params, query }) => {
      refuse(checkRange(query.from, query.to));
      return app.gen1Graphs.demand(params.interval, query);
    },
    'stats.daily': async ({ query }) => {
      refuse(checkRange(query.from, query.to));
      return app.gen1Graphs.daily(query);
    },
    'stats.linkplusStatistics': async ({ body }) => {
      refuse(checkRange(body.filter?.date?.$gte, body.filter?.date?.$lte));
      return app.gen2Records.linkplusStatistics(
        body.filter?.date,
        body.sort?.date ?? 1,
        body.limit ?? 10_000,
      );
    },
    'stats.dmStatistics': async ({ query }) => {
      refuse(checkRange(query.from, query.to));
      const spec = STAT_SPECS.dm as StatSpec;
      const latest = query.to
        ? Math.floor(Date.parse(query.to) / DAY) * DAY
        : await latestBucket(app.rollups, spec, 'd');
      const last = latest ?? Math.floor(Date.now() / DAY) * DAY;
      const first = query.from
        ? Math.floor(Date.parse(query.from) / DAY) * DAY
        : last - GRAPH_DEFAULT_RANGES.dataMonitorMs + DAY;
      const answer = await readStat(app.rollups, 'dm', spec, {
        period: DAY,
        window: { first, last },
        pieSize: 1,
      });
      const rows = answer.buckets.map((date, i) => {
        const row = Object.fromEntries(
          DM_COLUMNS.map((c) => [c, answer.series.find((s) => s.name === c)?.values[i] ?? 0]),
        ) as Record<(typeof DM_COLUMNS)[number], number>;
        row.diff = row.new_linkplus - row.new_wfls;
        return { date, ...row };
      });
      return { from: new Date(first).toISOString(), to: new Date(last + DAY).toISOString(), rows };
    },
    'stats.usersPercentWithVoice': async () => voiceUsers(app.readModels),
  });
