import { ANALYTICS_DEFAULTS, checkRange, statsOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { Range } from '../plugins/analytics.store.ts';
import { refuse } from './errors.ts';

const DAY = 86_400_000;

/** A range from the query, or `days` ending with `newest` (the latest data, the world's clock). */
async function rangeOf(
  from: string | undefined,
  to: string | undefined,
  days: number,
  newest: () => Promise<Date>,
): Promise<Range> {
  refuse(checkRange(from, to));
  const end = to ? new Date(Date.parse(to) + (to.length <= 10 ? DAY - 1 : 0)) : await newest();
  return { from: from ? new Date(from) : new Date(end.getTime() - days * DAY), to: end };
}

/** yyyy/MM/dd (analytics spec §7) as yyyy-MM-dd. */
const dashed = (d: string | undefined) => d?.replaceAll('/', '-');

/** Structure and user analytics (analytics spec §2, §7). */
export const analyticsHandlers = (app: FastifyInstance) => {
  const newestStructure = () => app.analytics.newestStructure();
  return defineHandlers(statsOperations, {
    'stats.productStructuresRecent': async ({ query }) =>
      app.analytics.productStructures(
        await rangeOf(
          query.fromDate,
          query.toDate,
          ANALYTICS_DEFAULTS.productStructuresDays,
          newestStructure,
        ),
        query.limit ?? ANALYTICS_DEFAULTS.productStructuresLimit,
      ),
    'stats.topStructures': async ({ query }) =>
      app.analytics.topStructures(query.top ?? ANALYTICS_DEFAULTS.topStructures),
    'stats.structuresRecent': async ({ query }) =>
      app.analytics.recentStructures(
        await rangeOf(query.fromDate, query.toDate, ANALYTICS_DEFAULTS.recentStructuresDays, newestStructure),
        query.limit ?? ANALYTICS_DEFAULTS.recentStructuresLimit,
      ),
    'stats.recentUsers': async ({ query }) => {
      const range = await rangeOf(query.fromDate, undefined, ANALYTICS_DEFAULTS.newUsersDays, () =>
        app.analytics.newestUser(),
      );
      return app.analytics.recentUsers(range.from);
    },
    'stats.userTrack': async ({ query }) =>
      app.analytics.userTrack(
        await rangeOf(dashed(query.from), dashed(query.to), ANALYTICS_DEFAULTS.userTrackDays, () =>
          app.analytics.newestLink(),
        ),
        query.cocoNexa ?? false,
      ),
  });
};
