import {
  ApiError,
  type Backup,
  type HubActionResult,
  hubControlOperations,
  offlineMessage,
  surveyLinksOperations,
} from '@console/contracts';
import { defineHandlers, type HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { linkFor } from './device-actions.handlers.ts';
import { requireConfirmation } from './link-actions.handlers.ts';

/** Backups (Support Plus spec §4): Backup Now, restore, keep, details; each also kept as the server's record. */
export function backupActionHandlers(app: FastifyInstance) {
  const run = app.hubActions.run.bind(app.hubActions);
  const offline = offlineMessage('a backup action');

  /** Keeps the server's copy of what the hub reported; the action itself has already happened. */
  const remember = async (ctx: HandlerContext, result: HubActionResult) => {
    const b = result.items[0];
    if (result.success && b)
      await app.backups
        .save(b.payload as Backup)
        .catch((err) => ctx.log.warn({ err }, 'backup record not saved'));
    return result;
  };
  const hubOfBackup = async (backupId: string, deviceId?: string, linkId?: number) => {
    if (linkId) return linkId;
    if (deviceId) return linkFor(deviceId);
    const found = await app.backups.linkOf(backupId);
    if (!found) throw new ApiError(404, 'failed: unknown backup; pass linkId.');
    return found;
  };

  /** Backup Now: the hub card's, and the Survey Links row's (for data users, saying so in its reason). */
  const backupNow = async (
    ctx: HandlerContext,
    opId: string,
    linkId: number,
    reason: string,
    deviceId?: string,
  ) =>
    remember(
      ctx,
      await run(ctx, {
        opId,
        action: 'Backup',
        hubId: linkId,
        command: 'backupCreate',
        payloads: [{ reason, ...(deviceId ? { deviceId } : {}) }],
        offline,
      }),
    );

  const survey = defineHandlers(surveyLinksOperations, {
    'hub-control.surveyBackup': (ctx) =>
      backupNow(ctx, 'hub-control.surveyBackup', ctx.body.linkId, 'survey'),
  });

  const card = defineHandlers(hubControlOperations, {
    'hub-control.backup': (ctx) =>
      backupNow(ctx, 'hub-control.backup', ctx.body.linkId, 'support', ctx.body.deviceId),

    'hub-control.backupRestore': async (ctx) => {
      requireConfirmation('hub-control.backupRestore', ctx.body.confirmation);
      const hubId = await hubOfBackup(ctx.body.backupId, ctx.body.deviceId, ctx.body.linkId);
      return remember(
        ctx,
        await run(ctx, {
          opId: 'hub-control.backupRestore',
          action: 'Backup-restore',
          hubId,
          command: 'backupRestore',
          payloads: [{ backupId: ctx.body.backupId }],
          offline,
        }),
      );
    },

    'hub-control.updateBackup': async (ctx) => {
      const hubId = await hubOfBackup(ctx.body.backupId, ctx.body.deviceId, ctx.body.linkId);
      return remember(
        ctx,
        await run(ctx, {
          opId: 'hub-control.updateBackup',
          action: ctx.body.keep ? 'Keep Backup' : 'Stop Keeping Backup',
          hubId,
          command: 'backupUpdate',
          payloads: [{ backupId: ctx.body.backupId, keep: ctx.body.keep }],
          offline,
        }),
      );
    },

    'hub-control.getBackup': async (ctx) =>
      run(ctx, {
        opId: 'hub-control.getBackup',
        action: 'Get Backup',
        hubId: await hubOfBackup(ctx.body.backupId, undefined, ctx.body.linkId),
        command: 'backupGet',
        payloads: [{ backupId: ctx.body.backupId }],
        offline,
      }),
  });
  return { ...card, ...survey };
}
