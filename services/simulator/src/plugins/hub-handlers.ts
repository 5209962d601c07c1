import {
  HUB_COMMANDS,
  type HUB_NOTIFICATIONS,
  type HubCommandName,
  type HubItemError,
  type SimFeature,
} from '@console/contracts';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { releasesFor } from './firmware.ts';
import type { SimHubState } from './hub-state.ts';

export type Effect =
  | { kind: 'restart' }
  | { kind: 'move'; server: string }
  | { kind: 'remove' }
  | {
      kind: 'notify';
      name: keyof typeof HUB_NOTIFICATIONS;
      payload: Record<string, unknown>;
      afterMs?: number;
    };

export type Outcome =
  | { ok: true; payload: Record<string, unknown>; effects?: Effect[] }
  | { ok: false; error: HubItemError };

export interface CommandContext {
  now: number;
  workerId: string;
  /** How long a restarted (or moved) hub stays away. */
  restartMs: number;
}

// biome-ignore lint/suspicious/noExplicitAny: payloads are checked against the command's schema first.
type Handler = (hub: SimHubState, payload: any, ctx: CommandContext) => Outcome;

const fail = (group: number, code: number, message: string): Outcome => ({
  ok: false,
  error: { group, code, message },
});
const inErrorState = () => fail(1, 409, 'Link is in ErrorState');

function checkValue(f: SimFeature, value: unknown): boolean {
  if (typeof value !== typeof f.value && !(f.type === 'switch' && typeof value === 'boolean')) return false;
  if (typeof value !== 'number') return true;
  if (f.type === 'switch') return value === 0 || value === 1;
  if (f.type === 'dimLevel' || f.type === 'valveLevel') return value >= 0 && value <= 100;
  if (f.type === 'targetTemperature') return value >= 0 && value <= 40 && Number.isInteger(value * 2);
  return Number.isFinite(value);
}

const handlers: Record<HubCommandName, Handler> = {
  systemRead: (hub, _p, { now }) => ({
    ok: true,
    payload: {
      handlerId: `link2.${hub.hubId}.${hub.ownDeviceId}`,
      rootGroupId: hub.rootGroupId,
      firmwareVersion: hub.hub.firmwareVersion,
      configNumber: hub.hub.configNumber,
      systemStorageNumber: hub.hub.systemStorageNumber,
      factoryConfig: 1,
      factoryResets: hub.factoryResets,
      deviceMinId: 2,
      uptime: Math.floor((now - hub.bootAt) / 1000),
      homeKitPaired: hub.hub.homeKitPaired,
      errorState: hub.hub.errorState,
      locked: hub.hub.locked,
      lockedSince: hub.lockedSince,
      devices: hub.devices.size,
      automations: hub.automations.length,
      groupAccess: [hub.rootGroupId],
    },
  }),
  systemReset: (hub, p: { type: string }) => {
    if (p.type === 'pairing') hub.hub.homeKitPaired = false;
    if (p.type === 'fixStorage') hub.hub.systemStorageNumber = 0;
    return { ok: true, payload: { type: p.type, accepted: true }, effects: [{ kind: 'restart' }] };
  },
  systemSync: (hub) => {
    hub.hub.configNumber++;
    const done = { group: 'system', level: 'info', message: 'Sync complete', source: 'link' };
    return {
      ok: true,
      payload: { configNumber: hub.hub.configNumber, queued: true },
      effects: [{ kind: 'notify', name: 'log', payload: done, afterMs: 500 }],
    };
  },
  systemRemove: () => ({ ok: true, payload: { removed: true }, effects: [{ kind: 'remove' }] }),
  systemResetErrorState: (hub, p: { errorState: boolean }) => {
    hub.hub.errorState = p.errorState;
    return { ok: true, payload: { errorState: hub.hub.errorState } };
  },
  systemLiveInfo: (hub, _p, { now, workerId }) =>
    hub.faults.liveInfoUnavailable
      ? fail(1, 503, 'Live info unavailable')
      : {
          ok: true,
          payload: {
            connectedSince: hub.since,
            workerId,
            uptime: Math.floor((now - hub.bootAt) / 1000),
            stats: hub.stats(),
          },
        },
  systemMove: (_hub, p: { server: string }, { restartMs }) => ({
    ok: true,
    payload: { server: p.server, reconnectInMs: restartMs },
    effects: [{ kind: 'move', server: p.server }],
  }),
  backupCreate: (hub, p: { deviceId?: string; reason?: string }) => ({
    ok: true,
    payload: hub.createBackup(p.reason ?? 'manual', p.deviceId ?? hub.ownDeviceId),
  }),
  backupRestore: (hub, p: { backupId: string }) => {
    if (hub.hub.errorState) return inErrorState();
    const b = hub.backups.get(p.backupId);
    if (!b) return fail(4, 404, 'Unknown backup');
    b.restores++;
    return { ok: true, payload: b, effects: [{ kind: 'restart' }] };
  },
  backupGet: (hub, p: { backupId: string }) => {
    const b = hub.backups.get(p.backupId);
    return b ? { ok: true, payload: b } : fail(4, 404, 'Unknown backup');
  },
  backupUpdate: (hub, p: { backupId: string; keep: boolean }) => {
    const b = hub.backups.get(p.backupId);
    if (!b) return fail(4, 404, 'Unknown backup');
    b.keep = p.keep;
    return { ok: true, payload: b };
  },
  backupList: (hub) => ({ ok: true, payload: { backups: [...hub.backups.values()] } }),
  firmwareRead: (hub, p: { deviceId: string; notForGeneralRelease: boolean }) => {
    const d = hub.devices.get(p.deviceId);
    if (!d) return fail(2, 404, 'Unknown device');
    const releases = releasesFor(d.device.productCode).filter(
      (r) => p.notForGeneralRelease || !r.notForGeneralRelease,
    );
    const { deviceId, productCode, firmwareVersion } = d.device;
    return { ok: true, payload: { deviceId, productCode, firmwareVersion, releases } };
  },
  firmwareUpdate: (hub, p: { deviceId: string; releaseId: string; productCode: string }) => {
    if (hub.hub.errorState) return inErrorState();
    const d = hub.devices.get(p.deviceId);
    if (!d) return fail(2, 404, 'Unknown device');
    const release = releasesFor(d.device.productCode).find((r) => r.releaseId === p.releaseId);
    if (!release || p.productCode !== d.device.productCode)
      return fail(5, 404, 'No Firmware Update Available');
    const previousVersion = d.device.firmwareVersion;
    hub.firmwareUpdated(p.deviceId, release.version);
    const progress = { deviceId: p.deviceId, releaseId: p.releaseId, complete: true, failed: false };
    return {
      ok: true,
      payload: { deviceId: p.deviceId, previousVersion, firmwareVersion: release.version },
      effects: [{ kind: 'notify', name: 'firmwareProgress', payload: progress, afterMs: 200 }],
    };
  },
  firmwareFragment: (hub, p: { fragmentIndex: number; fragmentCount: number; fragmentData: string }) => {
    const received = hub.receiveFragment(p.fragmentIndex, p.fragmentCount, p.fragmentData.length);
    return {
      ok: true,
      payload: { fragmentIndex: p.fragmentIndex, received, complete: received === p.fragmentCount },
    };
  },
  automationList: (hub) => ({
    ok: true,
    payload: {
      automations: hub.automations.map(({ automationId, name, category, active }) => ({
        automationId,
        name,
        category,
        active,
      })),
    },
  }),
  automationRead: (hub, p: { automationId: string }) => {
    const a = hub.automations.find((x) => x.automationId === p.automationId);
    return a ? { ok: true, payload: { ...a } } : fail(6, 404, 'Unknown automation');
  },
  featureRead: (hub, p: { featureId: string }) => {
    const f = hub.features.get(p.featureId);
    return f
      ? { ok: true, payload: { featureId: f.featureId, value: f.value } }
      : fail(3, 404, 'Unknown feature');
  },
  featureWrite: (hub, p: { featureId: string; value: number | boolean | string }) => {
    if (hub.hub.errorState) return inErrorState();
    const f = hub.features.get(p.featureId);
    if (!f) return fail(3, 404, 'Unknown feature');
    if (!checkValue(f, p.value)) return fail(3, 400, `Value out of range for ${f.type}`);
    f.value = typeof p.value === 'boolean' && f.type === 'switch' ? Number(p.value) : p.value;
    const event = { featureId: f.featureId, value: f.value, source: 'admin' };
    return {
      ok: true,
      payload: { featureId: f.featureId, value: f.value },
      effects: [{ kind: 'notify', name: 'featureChanged', payload: event }],
    };
  },
  deviceStatus: (hub, p: { deviceId: string }) => {
    const d = hub.devices.get(p.deviceId);
    if (!d) return fail(2, 404, 'Unknown device');
    const payload: Record<string, unknown> = { deviceId: p.deviceId, status: d.status };
    if (d.diagnostics !== undefined) payload.diagnostics = d.diagnostics;
    return { ok: true, payload };
  },
};

const checks = Object.fromEntries(
  Object.entries(HUB_COMMANDS).map(([name, c]) => [name, TypeCompiler.Compile(c.request)]),
) as unknown as Record<HubCommandName, ReturnType<typeof TypeCompiler.Compile>>;

/** Answers one item of a command: a checked payload goes to the operation's handler. */
export function execute(
  hub: SimHubState,
  name: HubCommandName,
  payload: unknown,
  ctx: CommandContext,
): Outcome {
  const check = checks[name];
  if (!check.Check(payload)) {
    const first = check.Errors(payload).First();
    return fail(1, 400, `Invalid payload${first ? ` at ${first.path || '/'}: ${first.message}` : ''}`);
  }
  return handlers[name](hub, payload, ctx);
}
