import type { Backup, SimAutomation, SimDevice, SimFeature, SimHub } from '@console/contracts';
import type { Random } from './random.ts';

export interface DeviceState {
  device: SimDevice;
  status: 'connected' | 'disconnected' | 'unknown';
  diagnostics?: number;
}

export interface Faults {
  /** Held offline by the fault knob: no presence, no replies, no events. */
  offline: boolean;
  /** Every reply waits this long. */
  delayMs: number;
  /** This many coming replies are sent as non-JSON. */
  malformedReplies: number;
  /** Live info is answered with the worker's error (group 1, code 503) instead of the link's. */
  liveInfoUnavailable: boolean;
}

const MAX_BACKUPS = 20;

/** One simulated Link Plus hub: what it holds and what it has been told, in memory. */
export class SimHubState {
  readonly hubId: number;
  readonly devices = new Map<string, DeviceState>();
  readonly features = new Map<string, SimFeature>();
  /** Devices that have features, for picking random events quickly. */
  readonly eventful: DeviceState[] = [];
  readonly backups = new Map<string, Backup>();
  readonly faults: Faults = { offline: false, delayMs: 0, malformedReplies: 0, liveInfoUnavailable: false };
  connected = false;
  removed = false;
  restarting = false;
  since = 0;
  bootAt = Date.now();
  lockedSince: number | null;
  factoryResets = 0;
  received = 0;
  /** The worker a Move Links sent the hub to (host:port); null while it stays with this one. */
  movedTo: string | null = null;
  /**
   * The automations the hub holds (the world's records of it, or its fleet source's). Readonly to
   * the handlers: no command changes them.
   */
  automations: SimAutomation[] = [];
  /**
   * True once the hub's devices, features and automations are the store's (or when the simulator
   * reads no store); false again when the store announces a change for the hub.
   */
  recordsCurrent = true;
  /** The read of the hub's records under way, shared by the commands that wait for it. */
  recordsLoading: Promise<void> | null = null;
  /** Devices whose firmware a command updated: a refresh from the store keeps the hub's version. */
  private readonly firmwareWritten = new Set<string>();
  /** Fragments of the firmware file being uploaded: index → length. */
  private fragments = new Map<number, number>();
  private fragmentCount = 0;
  private tx = 1;
  private backupSeq = 0;
  private readonly latency: { count: number; sum: number; min: number; max: number };

  readonly hub: SimHub;
  constructor(hub: SimHub, rnd: Random) {
    this.hub = hub;
    this.hubId = hub.hubId;
    this.useRecords(hub);
    this.lockedSince = hub.locked ? Date.now() - Math.floor(rnd() * 86_400_000) : null;
    const count = 20 + Math.floor(rnd() * 400);
    const min = 15 + Math.floor(rnd() * 20);
    this.latency = { count, sum: count * (min + 40), min, max: min + 150 + Math.floor(rnd() * 500) };
  }

  /**
   * Takes the devices, features and automations of `records` (the store's records of this hub).
   * What the hub was told stays: the values written to features it keeps, the status of devices it
   * keeps, firmware versions a command updated.
   */
  useRecords(records: Pick<SimHub, 'devices' | 'automations'>): void {
    const before = this.devices;
    const values = new Map([...this.features].map(([id, f]) => [id, f.value]));
    const devices = new Map<string, DeviceState>();
    this.features.clear();
    this.eventful.length = 0;
    for (const device of records.devices) {
      const old = before.get(device.deviceId);
      if (old && this.firmwareWritten.has(device.deviceId))
        device.firmwareVersion = old.device.firmwareVersion;
      const state: DeviceState = old ? { ...old, device } : { device, status: 'connected' };
      devices.set(device.deviceId, state);
      for (const f of device.features) {
        const value = values.get(f.featureId);
        if (value !== undefined) f.value = value;
        this.features.set(f.featureId, f);
      }
      if (device.features.some((f) => f.type !== 'diagnostics')) this.eventful.push(state);
    }
    this.devices.clear();
    for (const [id, d] of devices) this.devices.set(id, d);
    this.hub.devices = records.devices;
    this.automations = records.automations ?? [];
  }

  /**
   * A device's status as the hub reports it, and its diagnostics: the value of the device's
   * diagnostics feature (0 when none is given), and the reply's `diagnostics` while it is not 0.
   * Returns the device status notification that says so.
   */
  setDeviceStatus(d: DeviceState, status: DeviceState['status'], diagnostics = 0): Record<string, unknown> {
    d.status = status;
    if (diagnostics) d.diagnostics = diagnostics;
    else delete d.diagnostics;
    for (const f of d.device.features) if (f.type === 'diagnostics') f.value = diagnostics;
    return { deviceId: d.device.deviceId, status, ...(diagnostics ? { diagnostics } : {}) };
  }

  /** A firmware update the hub took: kept over later refreshes from the store. */
  firmwareUpdated(deviceId: string, version: string): void {
    const d = this.devices.get(deviceId);
    if (!d) return;
    d.device.firmwareVersion = version;
    this.firmwareWritten.add(deviceId);
  }

  /** Takes one firmware fragment; a new count starts a new file. Returns how many are held. */
  receiveFragment(index: number, count: number, length: number): number {
    if (count !== this.fragmentCount || index === 0) {
      this.fragments = new Map();
      this.fragmentCount = count;
    }
    this.fragments.set(index, length);
    return this.fragments.size;
  }

  get rootGroupId(): string {
    return this.hub.rootGroupId;
  }

  /** The hub's own device (the Link Plus itself), the first in its list. */
  get ownDeviceId(): string {
    const own = this.hub.devices.find((d) => d.productCode === 'L2') ?? this.hub.devices[0];
    return own?.deviceId ?? `${this.hubId}`;
  }

  nextTransactionId(): number {
    return this.tx++;
  }

  /** Adds one round-trip sample to the connection stats the live info reports. */
  sample(ms: number): void {
    const l = this.latency;
    l.count++;
    l.sum += ms;
    if (ms < l.min) l.min = ms;
    if (ms > l.max) l.max = ms;
  }

  stats() {
    const l = this.latency;
    return { average: Math.round((l.sum / l.count) * 10) / 10, count: l.count, min: l.min, max: l.max };
  }

  createBackup(reason: string, deviceId: string): Backup {
    const features = this.features.size;
    const backup: Backup = {
      backupId: `${this.hubId.toString(16)}-${Date.now().toString(36)}-${++this.backupSeq}`,
      linkId: this.hubId,
      deviceId,
      structureId: this.rootGroupId,
      createdDate: new Date().toISOString(),
      reason,
      keep: false,
      restores: 0,
      firmwareVersion: this.hub.firmwareVersion,
      summary: {
        products: this.devices.size,
        devices: this.devices.size,
        features,
        automations: this.automations.length,
        rooms: 1 + (this.hubId % 5),
        featureSets: Math.ceil(features / 3),
        automationSets: this.automations.length > 0 ? 1 : 0,
      },
    };
    this.backups.set(backup.backupId, backup);
    if (this.backups.size > MAX_BACKUPS) {
      const oldest = [...this.backups.values()].find((b) => !b.keep);
      if (oldest) this.backups.delete(oldest.backupId);
    }
    return backup;
  }
}
