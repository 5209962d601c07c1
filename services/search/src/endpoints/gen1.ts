import {
  ApiError,
  type Gen1SearchResult,
  macFromSearch,
  type PageQuery,
  SEARCH_PAGE_SIZES,
  SEARCH_TEXT,
} from '@console/contracts';
import type { Handler, HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { Gen1Criteria } from '../plugins/gen1/statements.ts';
import { suggestGen1 } from '../plugins/gen1/suggest.ts';
import { segment } from '../plugins/gen1/terms.ts';

type Ctx<P> = HandlerContext<unknown, P, PageQuery>;

/** The Gen1 support searches (seed 000 §7 "Search"). */
export function gen1Handlers(app: FastifyInstance): Record<string, Handler> {
  const find = (c: Gen1Criteria, q: PageQuery): Promise<Gen1SearchResult> =>
    app.searchDomain.gen1.find(c, q.limit ?? SEARCH_PAGE_SIZES[0], q.offset ?? 0);
  return {
    'search.findUser': async (ctx: Ctx<{ text: string }>) =>
      find({ user: ctx.params.text.trim() }, ctx.query),

    'search.findAdvanced': async (ctx: Ctx<{ user: string; mac: string; wfl: string }>) => {
      const c = {
        user: segment(ctx.params.user),
        mac: segment(ctx.params.mac),
        wfl: segment(ctx.params.wfl),
      };
      if (!c.user && !c.mac && !c.wfl) throw new ApiError(400, SEARCH_TEXT.needTerm);
      return find(c, ctx.query);
    },

    'search.findByDevice': async (ctx: Ctx<{ name: string }>) =>
      find({ device: ctx.params.name.trim() }, ctx.query),

    'search.findByDeviceId': async (ctx: Ctx<{ id: string }>) =>
      find({ deviceId: Number(ctx.params.id) }, ctx.query),

    'search.findCommercial': async (ctx: Ctx<Record<string, never>>) => find({ commercial: true }, ctx.query),

    'search.findFirmware': async (ctx: Ctx<{ text: string }>) =>
      find({ firmware: ctx.params.text.trim() }, ctx.query),

    'search.findExtra': async (ctx: Ctx<{ userId: string }>) =>
      app.searchDomain.accounts.account(Number(ctx.params.userId)),

    'search.findExtraDevice': async (ctx: Ctx<{ ids: string }>) =>
      app.searchDomain.accounts.devices([...new Set(ctx.params.ids.split(',').map(Number))]),

    'search.findUserByMac': async (ctx: Ctx<{ mac: string }>) => {
      const mac = macFromSearch(ctx.params.mac.trim());
      if (!mac) {
        throw new ApiError(
          400,
          'Enter a whole MAC (12 hex digits), or the 6 shown without the vendor prefix.',
          { mac: 'Not a MAC' },
        );
      }
      const [found] = await app.searchDomain.accounts.byMacs([mac]);
      return found;
    },

    'search.autocomplete': async (ctx: Ctx<{ text: string }>) => suggestGen1(app.pg, ctx.params.text),
  };
}
