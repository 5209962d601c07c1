import {
  ApiError,
  type ConnectionStats,
  confirmationMatches,
  HUB_ACTION_TEXT,
  hubControlOperations,
  offlineMessage,
  type ResetType,
  type SystemInfo,
} from '@console/contracts';
import { defineHandlers } from '@console/kit';
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

    // The hub card's cache is written while the action's end is made durable (`alongside`).
    'hub-control.systemRead': (ctx) => {
      const hubId = ctx.body.linkId;
      return run(ctx, {
        opId: 'hub-control.systemRead',
        action: 'System Read',
        hubId,
        command: 'systemRead',
        payloads: [{ admin: ctx.body.admin ?? false }],
        offline: offlineMessage('a system read'),
        alongside: async (reply, success) => {
          const info = reply.items[0];
          if (success && info) await app.hubInfo.putInfo(hubId, (info.payload ?? {}) as SystemInfo);
        },
      });
    },

    'hub-control.getLiveInfo': (ctx) => {
      const hubId = Number(ctx.body.clientId);
      return run(ctx, {
        opId: 'hub-control.getLiveInfo',
        action: 'Get Live Info',
        hubId,
        command: 'systemLiveInfo',
        payloads: [{}],
        offline: offlineMessage('a live info read'),
        alongside: async (reply) => {
          const item = reply.items[0];
          const error = item?.error as { group?: number; code?: number } | undefined;
          if (item && item.success !== false && !error)
            await app.hubInfo.putStats(hubId, item.payload?.stats as ConnectionStats);
          else if (error?.group === 1 && error.code === 503) await app.hubInfo.clearStats(hubId);
        },
      });
    },
  });
}
