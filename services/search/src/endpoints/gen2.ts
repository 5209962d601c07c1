import { ApiError, AUTOCOMPLETE, hubIdFromSearch, searchOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { interleave } from '../plugins/gen1/suggest.ts';
import { suggestStatements } from '../plugins/gen2/index-read.ts';
import { overview } from '../plugins/gen2/overview.ts';
import { projectStructure } from '../plugins/gen2/refresh.ts';
import { structureDetail } from '../plugins/gen2/structure-view.ts';
import { one, rows } from '../plugins/sql.ts';

/** The Support Plus search, structure detail and overview (seed 001 §2, §5). */
export function gen2Handlers(app: FastifyInstance) {
  const onError = (err: unknown) => app.log.error({ err }, 'search index refresh failed');
  return defineHandlers(searchOperations, {
    'search.supportPlusSearch': async (ctx) => app.searchDomain.gen2.search(ctx.body),

    'search.supportPlusAutocomplete': async (ctx) => {
      const text = ctx.params.text.trim();
      if (text.length < AUTOCOMPLETE.gen2MinChars) return [];
      const max = AUTOCOMPLETE.maxSuggestions;
      const hex = hubIdFromSearch(text);
      const lists = await Promise.all(
        suggestStatements(text, max).map(async (s) => ({
          kind: s.kind,
          values: [...new Set((await rows<{ v: string }>(app.pg, s.text, s.values)).map((r) => r.v))],
        })),
      );
      if (hex !== null) lists.unshift({ kind: 'hubId', values: [String(hex)] });
      return interleave(lists, max, (kind, value) => ({ value, kind, label: `${value} (${kind})` }));
    },

    'search.structure': async (ctx) => {
      const parts = await app.searchDomain.mongo.structureWith(ctx.params.rootGroupId);
      if (!parts) throw new ApiError(404, 'No structure with that rootGroupId.');
      // What was just read is the freshest copy there is: the search index takes it too.
      void projectStructure(app.pg, parts).catch(onError);
      return structureDetail(parts);
    },

    'search.overview': async () => overview(app.pg),

    'search.totalLinks': async () => {
      const r = await one<{ n: number }>(app.pg, 'select count(*)::int as n from search_g2_hubs');
      return { count: r?.n ?? 0 };
    },
  });
}
