import { checkLimitAndPie, STATS_LIMITS, statsOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { readStat, STAT_SPECS, type StatSpec } from '../plugins/tabs.ts';
import { refuse } from './errors.ts';

const ANY_SPECS: Record<string, string> = { products: 'structureProducts', 'commands.general.logs': 'logs' };

/** The statistics tabs: `/api/supportPlus/stats/{kind}` and `/any` (core spec §2, §7). */
export const tabHandlers = (app: FastifyInstance) =>
  defineHandlers(statsOperations, {
    'stats.tab': async ({ params, query }) => {
      const limit = query.limit ?? STATS_LIMITS.defaultLimit;
      refuse(checkLimitAndPie(limit, query.pieSize, STATS_LIMITS.maxLimit));
      const key =
        params.kind === 'automations' && query.measure === 'unique' ? 'automations.unique' : params.kind;
      return readStat(app.rollups, params.kind, STAT_SPECS[key] as StatSpec, { ...query, limit });
    },
    'stats.any': async ({ query }) => {
      const limit = query.limit ?? STATS_LIMITS.defaultLimit;
      refuse(checkLimitAndPie(limit, query.pieSize, STATS_LIMITS.maxLimit));
      const key = ANY_SPECS[query.projection] as string;
      return readStat(app.rollups, query.projection, STAT_SPECS[key] as StatSpec, { ...query, limit });
    },
  });
