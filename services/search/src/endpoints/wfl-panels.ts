import { searchOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The per-WFL panels of the support detail (seed 000 §2): Plist, Command log, Hub, Link, Trigger, Log, Alexa. */
export function wflPanelHandlers(app: FastifyInstance) {
  const panels = () => app.searchDomain.panels;
  const wfl = (p: { wflId: string }) => Number(p.wflId);
  return defineHandlers(searchOperations, {
    'search.wflPlist': async (ctx) => panels().plist(wfl(ctx.params)),
    'search.wflApiCommands': async (ctx) => panels().apiCommands(wfl(ctx.params), ctx.query),
    'search.wflHub': async (ctx) => panels().hub(wfl(ctx.params)),
    'search.wflLinkPanel': async (ctx) => panels().link(wfl(ctx.params)),
    'search.wflTriggers': async (ctx) => panels().triggers(wfl(ctx.params)),
    'search.wflLogs': async (ctx) => panels().logs(wfl(ctx.params), ctx.query),
    'search.gen1AlexaDiscovered': async (ctx) => panels().alexa(Number(ctx.params.userId)),
  });
}
