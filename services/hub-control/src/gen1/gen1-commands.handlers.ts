import {
  ApiError,
  deleteConfirmationMatches,
  GEN1_COMMANDS_MAX,
  GEN1_COMMANDS_PAGE,
  GEN1_LATEST_PINGS,
  GEN1_TEXT,
  type Gen1CommandList,
  gen1CommandOperations,
} from '@console/contracts';
import { defineHandlers, type HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { macParam } from './gen1-commands.ts';

type ListParams = { mac: string; count?: number; lastId?: number };

/** The Gen1 command path of seed 000 §7: latest pings, the command queue, deleting, sending as the user. */
export function gen1CommandHandlers(app: FastifyInstance) {
  const { gen1 } = app;

  const list = async (ctx: HandlerContext<unknown, ListParams>): Promise<Gen1CommandList> => {
    const mac = macParam(ctx.params.mac);
    const found = await gen1.commands(mac, ctx.params.count ?? GEN1_COMMANDS_PAGE, ctx.params.lastId ?? null);
    return { mac, commands: found.rows, more: found.more };
  };

  const remove = async (ctx: HandlerContext<{ confirmation?: string } | null, ListParams>) => {
    if (!deleteConfirmationMatches(ctx.body?.confirmation))
      throw new ApiError(400, GEN1_TEXT.wrongConfirmation);
    const mac = macParam(ctx.params.mac);
    const window =
      ctx.params.count === undefined ? null : { count: ctx.params.count, lastId: ctx.params.lastId ?? null };
    return app.gen1Commands.deleteUnexecuted(ctx, mac, window);
  };

  return defineHandlers(gen1CommandOperations, {
    'hub-control.pingsLatest': async (ctx) => {
      const mac = macParam(ctx.params.mac);
      const [pings, last] = await Promise.all([gen1.latestPings(mac, GEN1_LATEST_PINGS), gen1.lastPing(mac)]);
      return { mac, online: gen1.isOnline(last), lastPing: last ? last.toISOString() : null, pings };
    },
    'hub-control.wflCommands': list,
    'hub-control.wflCommandsCount': list,
    'hub-control.wflCommandsOlder': list,
    'hub-control.deleteWflCommands': remove,
    'hub-control.deleteWflCommandsCount': remove,
    'hub-control.deleteWflCommandsOlder': remove,
    'hub-control.noReplyCommands': async (ctx) => {
      const mac = macParam(ctx.params.mac);
      const found = await gen1.noReply(mac, GEN1_COMMANDS_MAX);
      return { mac, commands: found.rows, more: found.more };
    },
    'hub-control.impersonateCommand': (ctx) => app.gen1Commands.send(ctx, ctx.params),
  });
}
