import {
  ApiError,
  type ConnectionStats,
  confirmationMatches,
  HUB_ACTION_TEXT,
  type HubActionResult,
  hubControlOperations,
  offlineMessage,
  type ResetType,
  type SystemInfo,
} from '@console/contracts';
import { defineHandlers, type HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';

const RESET_ACTIONS: Record<ResetType, string> = {
  restart: 'Restart',
  pairing: 'HomeKit Unpair',
  fixStorage: 'Fix Storage',
};

export function requireConfirmation(opId: string, typed: string | undefined): void {
  if (!confirmationMatches(opId, typed)) throw new ApiError(400, HUB_ACTION_TEXT.wrongConfirmation);
}

/** The link actions of the hub card (Support Plus spec §4, §7): each is one command to one hub. */
export function linkActionHandlers(app: FastifyInstance) {
  const run = app.hubActions.run.bind(app.hubActions);
  return defineHandlers(hubControlOperations, {
    'hub-control.linkReset': (ctx) => {
      const type = ctx.body.object.type ?? 'restart';
      const action = RESET_ACTIONS[type];
      return run(ctx, {
        opId: 'hub-control.linkReset',
        action,
        hubId: ctx.body.link2Id,
        command: 'systemReset',
        payloads: [{ type }],
        offline: offlineMessage(`a ${action}`),
      });
    },

    'hub-control.resetErrorState': (ctx) =>
      run(ctx, {
        opId: 'hub-control.resetErrorState',
        action: 'Reset ErrorState',
        hubId: ctx.body.linkId,
        command: 'systemResetErrorState',
        payloads: [{ errorState: ctx.body.errorState }],
        offline: offlineMessage('an error state reset'),
      }),

    'hub-control.removeLink': (ctx) => {
      requireConfirmation('hub-control.removeLink', ctx.body.confirmation);
      return run(ctx, {
        opId: 'hub-control.removeLink',
        action: 'Remove Link',
        hubId: ctx.body.linkId,
        command: 'systemRemove',
        payloads: [{}],
        offline: offlineMessage('a removal'),
      });
    },

    'hub-control.syncLink': (ctx) =>
      run(ctx, {
        opId: 'hub-control.syncLink',
        action: 'Sync Link',
        hubId: ctx.body.linkId,
        command: 'systemSync',
        payloads: [{ forceSync: ctx.body.forceSync }],
        offline: HUB_ACTION_TEXT.offlineSync,
      }),

    'hub-control.systemRead': async (ctx) => {
      const hubId = ctx.body.linkId;
      const result = await run(ctx, {
        opId: 'hub-control.systemRead',
        action: 'System Read',
        hubId,
        command: 'systemRead',
        payloads: [{ admin: ctx.body.admin ?? false }],
        offline: offlineMessage('a system read'),
      });
      const info = result.items[0];
      if (result.success && info)
        await cache(ctx, () => app.hubInfo.putInfo(hubId, info.payload as SystemInfo));
      return result;
    },

    'hub-control.getLiveInfo': async (ctx) => {
      const hubId = Number(ctx.body.clientId);
      const result: HubActionResult = await run(ctx, {
        opId: 'hub-control.getLiveInfo',
        action: 'Get Live Info',
        hubId,
        command: 'systemLiveInfo',
        payloads: [{}],
        offline: offlineMessage('a live info read'),
      });
      const item = result.items[0];
      if (item?.success)
        await cache(ctx, () => app.hubInfo.putStats(hubId, item.payload.stats as ConnectionStats));
      else if (item?.error?.group === 1 && item.error.code === 503)
        await cache(ctx, () => app.hubInfo.clearStats(hubId));
      return result;
    },
  });
}

/** The card's cache is a convenience: failing to fill it must not fail the action that already ran. */
async function cache(ctx: HandlerContext, write: () => Promise<void>): Promise<void> {
  await write().catch((err) => ctx.log.warn({ err }, 'hub card cache not updated'));
}
