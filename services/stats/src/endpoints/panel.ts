import {
  checkRange,
  PRODUCTS_BY_DATE,
  PROTOCOL_ERROR_DAYS,
  type ProductsByDate,
  STATS_PERIODS,
  statsOperations,
} from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { latestBucket, readStat, STAT_SPECS, type StatSpec, type Window } from '../plugins/tabs.ts';
import { hubSummary } from '../read-models/panels.ts';
import { refuse } from './errors.ts';

const DAY = STATS_PERIODS.daily;
const dayStart = (iso: string) => Math.floor(Date.parse(iso) / DAY) * DAY;

/** A day window from an optional {$gte, $lte}, else `days` days ending with the latest data. */
async function dayWindow(
  app: FastifyInstance,
  spec: StatSpec,
  range: { $gte?: string; $lte?: string } | undefined,
  days: number,
): Promise<Window | null> {
  refuse(checkRange(range?.$gte, range?.$lte));
  const last = range?.$lte ? dayStart(range.$lte) : await latestBucket(app.rollups, spec, 'd');
  if (last === null) return null;
  const first = range?.$gte ? dayStart(range.$gte) : last - (days - 1) * DAY;
  return { first, last };
}

/** The Support Plus statistics panel, its agents graph, and `/protocolerrors`. */
export const panelHandlers = (app: FastifyInstance) =>
  defineHandlers(statsOperations, {
    'stats.productsByDate': async ({ query }) => {
      const limit = query.limit ?? PRODUCTS_BY_DATE.defaultLimit;
      const spec = STAT_SPECS.products as StatSpec;
      const answer = await readStat(app.rollups, 'productsByDate', spec, { limit, period: DAY, pieSize: 1 });
      const out: ProductsByDate = { from: answer.from, to: answer.to, days: answer.buckets, products: [] };
      if (!answer.from) return out;
      const before = await app.rollups.totalsBefore('products', 'd', Date.parse(answer.from));
      for (const s of answer.series) {
        let run = before.get(s.name) ?? 0;
        const totals = s.values.map((v) => {
          run += v;
          return run;
        });
        out.products.push({ productCode: s.name, totals, added: s.values });
      }
      // Codes with devices but none added in the window still have totals.
      for (const [code, n] of before) {
        if (!answer.series.some((s) => s.name === code)) {
          out.products.push({
            productCode: code,
            totals: answer.buckets.map(() => n),
            added: answer.buckets.map(() => 0),
          });
        }
      }
      out.products.sort((a, b) => (b.totals.at(-1) ?? 0) - (a.totals.at(-1) ?? 0));
      return out;
    },
    'stats.hubSummary': async () => hubSummary(app.readModels),
    'stats.protocolErrors': async ({ body }) => {
      const spec = STAT_SPECS.protocolErrors as StatSpec;
      const window = await dayWindow(app, spec, body.filter?.createdDate, PROTOCOL_ERROR_DAYS);
      const limit = window ? Math.round((window.last - window.first) / DAY) + 1 : PROTOCOL_ERROR_DAYS;
      return readStat(app.rollups, 'protocolErrors', spec, {
        period: DAY,
        limit,
        pieSize: limit,
        ...(window ? { window } : {}),
      });
    },
    'stats.agentGraph': async ({ body }) => {
      const spec = STAT_SPECS.agents as StatSpec;
      const days = body.limit ?? 182;
      const window = await dayWindow(app, spec, body.filter2?.createdDate, days);
      const answer = await readStat(app.rollups, 'agents', spec, {
        period: DAY,
        limit: days,
        pieSize: 1,
        ...(window ? { window } : {}),
      });
      const types = body.filter?.type;
      if (types?.length)
        answer.series = answer.series.filter((s) => types.includes(s.tags.agentType as never));
      return answer;
    },
  });
