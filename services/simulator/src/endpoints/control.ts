import {
  DEVICE_STATUSES,
  SIM_CONTROL_OPS,
  type SimControlOp,
  SimRatesSchema,
  SUPERVISOR_STATES,
  simSubjects,
} from '@console/contracts';
import { serviceVersion } from '@console/kit';
import { Svcm } from '@nats-io/services';
import { type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import type { DeviceState, SimHubState } from '../plugins/hub-state.ts';
import type { WflState } from '../plugins/wfl-runtime.ts';

const HubRef = { hubId: Type.Integer({ minimum: 1 }) };
/** A Gen1 WiFi link, by its MAC as the fleet holds it (74:0A:BC:12:34:56). */
const WflRef = { mac: Type.String({ minLength: 1, maxLength: 40 }) };
const hubOrWfl = (extra: Record<string, TSchema>) =>
  Type.Union([Type.Object({ ...HubRef, ...extra }), Type.Object({ ...WflRef, ...extra })]);
const schemas: Record<SimControlOp, TSchema> = {
  offline: hubOrWfl({ offline: Type.Boolean() }),
  slow: hubOrWfl({ delayMs: Type.Integer({ minimum: 0, maximum: 600_000 }) }),
  error: Type.Object({ ...HubRef, errorState: Type.Boolean() }),
  malformed: Type.Object({ ...HubRef, replies: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })) }),
  liveInfo: Type.Object({ ...HubRef, unavailable: Type.Boolean() }),
  device: Type.Object({
    ...HubRef,
    deviceId: Type.String({ minLength: 1, maxLength: 200 }),
    status: Type.Union(DEVICE_STATUSES.map((s) => Type.Literal(s))),
    diagnostics: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  host: Type.Object({
    hostId: Type.String(),
    state: Type.Optional(Type.Union(SUPERVISOR_STATES.map((s) => Type.Literal(s)))),
    silent: Type.Optional(Type.Boolean()),
    restart: Type.Optional(Type.Boolean()),
  }),
  rates: Type.Partial(SimRatesSchema),
  state: Type.Union([Type.Object(HubRef), Type.Object(WflRef)]),
  stats: Type.Object({}),
};
const checks = Object.fromEntries(
  Object.entries(schemas).map(([op, s]) => [op, TypeCompiler.Compile(s)]),
) as Record<SimControlOp, ReturnType<typeof TypeCompiler.Compile>>;

/** Nothing to say: another instance holds that hub or host, and it answers. */
const NOT_MINE = Symbol('not mine');

// biome-ignore lint/suspicious/noExplicitAny: each body was checked against its schema above.
type ControlHandler = (body: any) => unknown;

/**
 * The simulator's control plane on `<prefix>.sim.control.<op>`: fault knobs and rates, set at
 * runtime. No queue group: every instance hears every request and only the one holding the hub
 * (or host) answers; fleet-wide operations (rates, stats) are answered by each instance.
 */
export async function registerControl(app: FastifyInstance): Promise<void> {
  const { sim } = app;
  const hubOf = (hubId: number): SimHubState | typeof NOT_MINE => sim.hubs.hubs.get(hubId) ?? NOT_MINE;
  const view = (h: SimHubState) => ({
    hubId: h.hubId,
    workerId: sim.workerId,
    connected: h.connected,
    removed: h.removed,
    errorState: h.hub.errorState,
    faults: h.faults,
    received: h.received,
    features: Object.fromEntries([...h.features.values()].map((f) => [f.featureId, f.value])),
    devices: [...h.devices.keys()],
    automations: h.automations.map((a) => a.automationId),
    recordsCurrent: h.recordsCurrent,
    backups: h.backups.size,
  });
  const onHub = (hubId: number, act: (h: SimHubState) => void) => {
    const h = hubOf(hubId);
    if (h === NOT_MINE) return NOT_MINE;
    act(h);
    return view(h);
  };
  const onWfl = (mac: string, act: (w: WflState) => void) => {
    const w = sim.wfls.byId.get(mac);
    if (!w) return NOT_MINE;
    act(w);
    return {
      mac,
      workerId: sim.workerId,
      faults: w.faults,
      received: w.received,
      pings: w.pings,
      lastCommandAt: w.lastCommandAt,
    };
  };

  const handlers: Record<SimControlOp, ControlHandler> = {
    offline: (b: { hubId: number; offline: boolean } | { mac: string; offline: boolean }) =>
      'mac' in b
        ? onWfl(b.mac, (w) => sim.wfls.setOffline(w, b.offline))
        : onHub(b.hubId, (h) => {
            h.faults.offline = b.offline;
            if (b.offline) sim.hubs.disconnect(h, 'fault');
            else {
              h.removed = false;
              sim.hubs.connect(h, 'fault-cleared');
            }
          }),
    slow: (b: { hubId: number; delayMs: number } | { mac: string; delayMs: number }) =>
      'mac' in b
        ? onWfl(b.mac, (w) => {
            w.faults.delayMs = b.delayMs;
          })
        : onHub(b.hubId, (h) => {
            h.faults.delayMs = b.delayMs;
          }),
    error: (b: { hubId: number; errorState: boolean }) =>
      onHub(b.hubId, (h) => {
        h.hub.errorState = b.errorState;
        const level = b.errorState ? 'error' : 'info';
        sim.hubs.notify(h, 'log', {
          group: 'system',
          level,
          message: `errorState ${b.errorState}`,
          source: 'link',
        });
      }),
    malformed: (b: { hubId: number; replies?: number }) =>
      onHub(b.hubId, (h) => {
        h.faults.malformedReplies = b.replies ?? 0;
        sim.hubs.sendMalformed(h);
      }),
    liveInfo: (b: { hubId: number; unavailable: boolean }) =>
      onHub(b.hubId, (h) => {
        h.faults.liveInfoUnavailable = b.unavailable;
      }),
    // A device's status as its hub reports it, told to the console as the hub's notification.
    device: (b: { hubId: number; deviceId: string; status: DeviceState['status']; diagnostics?: number }) => {
      const h = hubOf(b.hubId);
      const d = h === NOT_MINE ? undefined : h.devices.get(b.deviceId);
      if (h === NOT_MINE || !d) return NOT_MINE;
      sim.hubs.notify(h, 'deviceStatus', h.setDeviceStatus(d, b.status, b.diagnostics));
      return view(h);
    },
    host: (b: { hostId: string; silent?: boolean }) =>
      sim.hosts.control(b.hostId, b) ? { hostId: b.hostId } : NOT_MINE,
    rates: (b: Record<string, number>) => {
      Object.assign(sim.events.rates, b);
      return sim.events.rates;
    },
    state: (b: { hubId: number } | { mac: string }) =>
      'mac' in b ? onWfl(b.mac, () => undefined) : onHub(b.hubId, () => undefined),
    stats: () => sim.stats(),
  };

  const svc = await new Svcm(app.nats).add({
    name: 'simulator',
    version: serviceVersion('simulator'),
    description: 'console simulator control plane',
    queue: '',
    metadata: { prefix: app.subjects.prefix, worker: sim.workerId },
  });
  const subjects = simSubjects(app.subjects.prefix);
  for (const op of SIM_CONTROL_OPS) {
    svc.addEndpoint(op, {
      subject: subjects.control(op),
      handler: (err, msg) => {
        if (err) return app.log.error({ err }, 'control endpoint failed');
        let body: unknown;
        try {
          body = msg.data.length ? JSON.parse(msg.string()) : {};
        } catch {
          return msg.respondError(400, 'body is not JSON');
        }
        if (!checks[op].Check(body)) return msg.respondError(400, `invalid ${op} request`);
        const out = handlers[op](body);
        if (out !== NOT_MINE) msg.respond(JSON.stringify(out));
      },
    });
  }
  // Ready means subscribed: a request right after start must find the endpoints on the server.
  await app.nats.flush();
  app.addHook('preClose', async () => {
    await svc.stop().catch(() => undefined);
  });
}
