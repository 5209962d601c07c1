import {
  ApiError,
  type Gen1SearchResult,
  macFromSearch,
  type PageQuery,
  SEARCH_PAGE_SIZES,
  SEARCH_TEXT,
  searchOperations,
} from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { Gen1Criteria } from '../plugins/gen1/statements.ts';
import { suggestGen1 } from '../plugins/gen1/suggest.ts';
import { segment } from '../plugins/gen1/terms.ts';

/** The Gen1 support searches (seed 000 §7 "Search"). */
export function gen1Handlers(app: FastifyInstance) {
  const find = (c: Gen1Criteria, q: PageQuery): Promise<Gen1SearchResult> =>
    app.searchDomain.gen1.find(c, q.limit ?? SEARCH_PAGE_SIZES[0], q.offset ?? 0);
  return defineHandlers(searchOperations, {
    'search.findUser': async (ctx) => find({ user: ctx.params.text.trim() }, ctx.query),

    'search.findAdvanced': async (ctx) => {
      const c = {
        user: segment(ctx.params.user),
        mac: segment(ctx.params.mac),
        wfl: segment(ctx.params.wfl),
      };
      if (!c.user && !c.mac && !c.wfl) throw new ApiError(400, SEARCH_TEXT.needTerm);
      return find(c, ctx.query);
    },

    'search.findByDevice': async (ctx) => find({ device: ctx.params.name.trim() }, ctx.query),

    'search.findByDeviceId': async (ctx) => find({ deviceId: Number(ctx.params.id) }, ctx.query),

    'search.findCommercial': async (ctx) => find({ commercial: true }, ctx.query),

    'search.findFirmware': async (ctx) => find({ firmware: ctx.params.text.trim() }, ctx.query),

    'search.findExtra': async (ctx) => app.searchDomain.accounts.account(Number(ctx.params.userId)),

    'search.findExtraDevice': async (ctx) =>
      app.searchDomain.accounts.devices([...new Set(ctx.params.ids.split(',').map(Number))]),

    'search.findUserByMac': async (ctx) => {
      const mac = macFromSearch(ctx.params.mac.trim());
      if (!mac) {
        throw new ApiError(
          400,
          'Enter a whole MAC (12 hex digits), or the 6 shown without the vendor prefix.',
          { mac: 'Not a MAC' },
        );
      }
      const [found] = await app.searchDomain.accounts.byMacs([mac]);
      // byMacs answers every MAC it is given, with no accounts when none has it.
      if (!found) throw new Error(`no answer for MAC ${mac}`);
      return found;
    },

    'search.autocomplete': async (ctx) => suggestGen1(app.pg, ctx.params.text),
  });
}
