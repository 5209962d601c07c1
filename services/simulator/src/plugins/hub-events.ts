import { type SimRates, UNPAIRED_DIAGNOSTICS } from '@console/contracts';
import type { HubRuntime } from './hub-runtime.ts';
import type { DeviceState, SimHubState } from './hub-state.ts';
import { pick, type Random } from './random.ts';

const LOG_GROUPS = ['homeKit', 'system', 'radio', 'automation', 'network'];
const LOG_SOURCES = ['link', 'homekit', 'automation', 'radio'];
const LOG_LINES = [
  'Accessory paired',
  'Pairing session closed',
  'Automation fired',
  'Radio retry',
  'Cloud connection keep-alive',
  'Config saved',
];

/**
 * Unasked traffic at fleet-wide rates: each tick works out how many of each kind are due across
 * all connected hubs (keeping the fraction for the next tick) and sends them from random hubs.
 */
export class HubEvents {
  private carry = { feature: 0, status: 0, log: 0, notification: 0 };
  /** Busy hubs (SIM_BUSY_HUBS): each sends `busyPerSecond` messages a second of its own, so a live monitor has something to show. */
  private busy: { hub: SimHubState; carry: number }[] = [];
  private busyPerSecond = 0;

  private readonly runtime: HubRuntime;
  private readonly rnd: Random;
  rates: SimRates;
  constructor(runtime: HubRuntime, rnd: Random, rates: SimRates) {
    this.runtime = runtime;
    this.rnd = rnd;
    this.rates = rates;
  }

  /** Makes the first `count` hubs with devices busy; returns their ids. */
  setBusy(count: number, perSecond: number): number[] {
    this.busyPerSecond = perSecond;
    this.busy = this.runtime.list
      .filter((h) => h.eventful.length > 0 && h.rootGroupId)
      .slice(0, count)
      .map((hub) => ({ hub, carry: 0 }));
    return this.busy.map((b) => b.hub.hubId);
  }

  tick(elapsedMs: number): void {
    for (const b of this.busy) {
      const due = b.carry + (this.busyPerSecond * elapsedMs) / 1000;
      const whole = Math.floor(due);
      b.carry = due - whole;
      if (!b.hub.connected) continue;
      // Mostly feature changes, as a busy home's sensors and switches send, with logs and device status.
      for (let i = 0; i < whole; i++) {
        const r = this.rnd();
        if (r < 0.75) this.featureChange(b.hub);
        else if (r < 0.95) this.log(b.hub);
        else this.statusChange(b.hub);
      }
    }
    const per = (rate: number) => (rate * this.runtime.connected * elapsedMs) / 60_000;
    this.run('feature', per(this.rates.eventsPerHubPerMin), (h) => this.featureChange(h));
    this.run('status', per(this.rates.statusPerHubPerMin), (h) => this.statusChange(h));
    this.run('log', per(this.rates.logsPerHubPerMin), (h) => this.log(h));
    this.run('notification', per(this.rates.notificationsPerHubPerMin), (h) => this.notification(h));
  }

  private run(kind: keyof HubEvents['carry'], due: number, send: (hub: SimHubState) => void): void {
    const total = this.carry[kind] + due;
    const whole = Math.floor(total);
    this.carry[kind] = total - whole;
    const list = this.runtime.list;
    if (list.length === 0) return;
    for (let i = 0; i < whole; i++) {
      const hub = list[Math.floor(this.rnd() * list.length)] as SimHubState;
      if (hub.connected) send(hub);
    }
  }

  private device(hub: SimHubState): DeviceState | undefined {
    return hub.eventful.length ? pick(this.rnd, hub.eventful) : undefined;
  }

  private featureChange(hub: SimHubState): void {
    const d = this.device(hub);
    const f =
      d &&
      pick(
        this.rnd,
        d.device.features.filter((x) => x.type !== 'diagnostics'),
      );
    if (!f || typeof f.value !== 'number') return;
    if (f.type === 'switch') f.value = f.value ? 0 : 1;
    else if (f.type === 'targetTemperature') f.value = 16 + Math.floor(this.rnd() * 13) / 2;
    else if (f.type === 'temperature') f.value = Math.round((f.value + (this.rnd() - 0.5)) * 10) / 10;
    else f.value = Math.max(0, Math.round(f.value + (this.rnd() - 0.5) * 20));
    this.runtime.notify(hub, 'featureChanged', { featureId: f.featureId, value: f.value, source: 'device' });
  }

  private statusChange(hub: SimHubState): void {
    const d = this.device(hub);
    if (!d) return;
    const status = d.status === 'connected' ? 'disconnected' : 'connected';
    const unpaired = status === 'disconnected' && this.rnd() < 0.1;
    this.runtime.notify(
      hub,
      'deviceStatus',
      hub.setDeviceStatus(d, status, unpaired ? UNPAIRED_DIAGNOSTICS : 0),
    );
  }

  private log(hub: SimHubState): void {
    const r = this.rnd();
    const level = r < 0.6 ? 'info' : r < 0.85 ? 'debug' : r < 0.97 ? 'warn' : 'error';
    this.runtime.notify(hub, 'log', {
      group: pick(this.rnd, LOG_GROUPS),
      level,
      message: pick(this.rnd, LOG_LINES),
      source: pick(this.rnd, LOG_SOURCES),
    });
  }

  private notification(hub: SimHubState): void {
    const d = this.device(hub);
    const featureId = d?.device.features[0]?.featureId ?? '';
    this.runtime.notify(hub, 'notification', {
      type: this.rnd() < 0.8 ? 'pushNotification' : 'iftttTrigger',
      meta: { featureId, structureId: hub.rootGroupId },
    });
  }
}
