import {
  ApiError,
  allows,
  type Caller,
  COLLECTIONS,
  type FirmwareRelease,
  HUB_ACTION_TEXT,
  hubControlOperations,
  hubRequest,
  linkIdOf,
  offlineMessage,
  type StructureDoc,
} from '@console/contracts';
import { defineHandlers, type HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { ActionSpec } from './actions.ts';
import { requireConfirmation } from './link-actions.handlers.ts';

/** The link a device or feature id belongs to: given, or read from the id's `-{linkId}+{index}` tail. */
export function linkFor(id: string, given?: number): number {
  const hubId = given ?? linkIdOf(id);
  if (!hubId)
    throw new ApiError(400, 'Cannot tell which link this device or feature belongs to; pass linkId.', {
      linkId: 'required',
    });
  return hubId;
}

/** How many features one get-all-feature-states message asks for at the most (a message's item cap). */
const MAX_FEATURE_ITEMS = 100;

/** The features of a link's devices, from its structure's record. */
async function featuresOnLink(app: FastifyInstance, hubId: number): Promise<string[]> {
  const hub = await app.mongo
    .collection(COLLECTIONS.hubs)
    .findOne({ hubId }, { projection: { rootGroupId: 1 } });
  if (!hub) throw new ApiError(404, `There is no hub ${hubId}.`);
  if (!hub.rootGroupId) return [];
  const s = await app.mongo
    .collection<Pick<StructureDoc, 'devices' | 'features'>>(COLLECTIONS.structures)
    .findOne({ rootGroupId: hub.rootGroupId }, { projection: { devices: 1, features: 1 } });
  const onLink = new Set(
    Object.values(s?.devices ?? {})
      .filter((d) => d.linkId === hubId)
      .map((d) => d.deviceId),
  );
  return Object.values(s?.features ?? {})
    .filter((f) => onLink.has(f.deviceId))
    .map((f) => f.featureId)
    .slice(0, MAX_FEATURE_ITEMS);
}

/** Actions on one device or feature of a hub (Support Plus spec §4, §7). */
export function deviceActionHandlers(app: FastifyInstance) {
  const run = app.hubActions.run.bind(app.hubActions);

  /**
   * Which releases the device is offered, asked of the hub itself; a read changes nothing. It goes
   * with the update's correlation id, and its times become stages of the update's waterfall.
   */
  const releases = async (
    ctx: HandlerContext,
    hubId: number,
    deviceId: string,
    steps: NonNullable<ActionSpec<'firmwareUpdate'>['before']>,
  ): Promise<FirmwareRelease[]> => {
    const env = hubRequest('firmwareRead', `admin.${(ctx.caller as Caller).userId}`, [
      { deviceId, notForGeneralRelease: true },
    ]);
    const sentAt = Date.now();
    steps.push({ kind: 'sent', label: 'releases look-up sent to the hub', at: sentAt });
    const out = await app.hubLink.send(hubId, env, ctx.caller as Caller, undefined, ctx.trace?.correlationId);
    const found =
      out.kind === 'reply' ? ((out.reply.items[0]?.payload.releases ?? []) as unknown[]).length : 0;
    steps.push({
      kind: out.kind === 'reply' ? 'response' : 'failed',
      label:
        out.kind === 'reply'
          ? `releases look-up: ${found} release${found === 1 ? '' : 's'}`
          : `releases look-up: ${out.kind}`,
      at: Math.round(sentAt + out.durationMs),
    });
    if (out.kind === 'timeout') throw new ApiError(504, HUB_ACTION_TEXT.timeout);
    if (out.kind !== 'reply') throw new ApiError(502, HUB_ACTION_TEXT.unreadable);
    const item = out.reply.items[0];
    if (!item || item.success === false) throw new ApiError(404, HUB_ACTION_TEXT.noFirmwareUpdate);
    return (item.payload.releases ?? []) as FirmwareRelease[];
  };

  return defineHandlers(hubControlOperations, {
    'hub-control.firmwareRead': (ctx) =>
      run(ctx, {
        opId: 'hub-control.firmwareRead',
        action: 'Firmware Read',
        hubId: linkFor(ctx.body.deviceId, ctx.body.linkId),
        command: 'firmwareRead',
        payloads: [
          { deviceId: ctx.body.deviceId, notForGeneralRelease: ctx.body.notForGeneralRelease ?? false },
        ],
        offline: offlineMessage('a firmware read'),
      }),

    'hub-control.firmwareUpdate': async (ctx) => {
      const startedAt = Date.now();
      const { deviceId, releaseId, productCode } = ctx.body;
      const hubId = linkFor(deviceId, ctx.body.linkId);
      const offline = offlineMessage('a firmware update');
      await app.hubActions.requireOnline(hubId, offline);
      const before: NonNullable<ActionSpec<'firmwareUpdate'>['before']> = [];
      const release = (await releases(ctx, hubId, deviceId, before)).find((r) => r.releaseId === releaseId);
      if (!release) throw new ApiError(404, HUB_ACTION_TEXT.noFirmwareUpdate);
      if (release.categories.includes('internal') && !allows(['firmware'], (ctx.caller as Caller).roles)) {
        throw new ApiError(403, HUB_ACTION_TEXT.permissionDenied);
      }
      return run(ctx, {
        opId: 'hub-control.firmwareUpdate',
        action: `Firmware Update to ${release.releaseName}`,
        hubId,
        command: 'firmwareUpdate',
        payloads: [{ deviceId, releaseId, productCode }],
        offline,
        before,
        startedAt,
      });
    },

    'hub-control.getDeviceStatus': (ctx) => {
      const ids = Array.isArray(ctx.body.deviceId) ? ctx.body.deviceId : [ctx.body.deviceId];
      const hubs = new Set(ids.map((id) => linkFor(id, ctx.body.linkId)));
      if (hubs.size > 1)
        throw new ApiError(400, 'These devices are on different links; ask one link at a time.');
      return run(ctx, {
        opId: 'hub-control.getDeviceStatus',
        action: 'Device Status',
        hubId: [...hubs][0] as number,
        command: 'deviceStatus',
        payloads: ids.map((deviceId) => ({ deviceId })),
        offline: offlineMessage('a device status read'),
      });
    },

    'hub-control.featureRead': (ctx) =>
      run(ctx, {
        opId: 'hub-control.featureRead',
        action: 'Feature Read',
        hubId: linkFor(ctx.body.featureId, ctx.body.linkId),
        command: 'featureRead',
        payloads: [{ featureId: ctx.body.featureId }],
        offline: offlineMessage('a feature read'),
      }),

    'hub-control.allFeatureStates': async (ctx) => {
      const hubId = ctx.body.linkId;
      const featureIds = await featuresOnLink(app, hubId);
      if (!featureIds.length) throw new ApiError(404, `Link ${hubId} has no features in its structure.`);
      return run(ctx, {
        opId: 'hub-control.allFeatureStates',
        action: `Get All Feature States (${featureIds.length})`,
        hubId,
        command: 'featureRead',
        payloads: featureIds.map((featureId) => ({ featureId })),
        offline: offlineMessage('a feature read'),
      });
    },

    'hub-control.featureWrite': (ctx) => {
      requireConfirmation('hub-control.featureWrite', ctx.body.confirmation);
      return run(ctx, {
        opId: 'hub-control.featureWrite',
        action: `Feature Write ${ctx.body.featureId} = ${String(ctx.body.value)}`,
        hubId: linkFor(ctx.body.featureId, ctx.body.linkId),
        command: 'featureWrite',
        payloads: [{ featureId: ctx.body.featureId, value: ctx.body.value }],
        offline: offlineMessage('a feature write'),
      });
    },
  });
}
