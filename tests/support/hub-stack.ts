import { type HubCard, type SimControlOp, type SimHub, type SimWfl, simSubjects } from '@console/contracts';
import { natsAuth } from '@console/kit';
import {
  infraEnv,
  mongoUrlFor,
  QUIET_SIMULATOR,
  recordSubject,
  type ScratchMongo,
  scratchMongo,
} from '@console/kit/testing';
import { syntheticFleet } from '@console/simulator/fleet';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { enrolStaff, signInAdmin } from './people.ts';
import { type Client, type Stack, startStack } from './stack.ts';

export interface HubStack extends Stack {
  /** The Mongo database the services share (named after the stack's prefix). */
  mongo: ScratchMongo;
  /** The test's own NATS connection, for watching the hubs' subjects. */
  nc: NatsConnection;
  /** The hubs and WiFi links the simulator carries (the same synthetic fleet, same seed). */
  fleet: SimHub[];
  wfls: SimWfl[];
  /** Every message on a subject from now on. */
  watch(subject: string): Msg[];
  /** Turns one of the simulator's fault knobs (offline, slow, malformed, stats…). */
  simControl(op: SimControlOp, body: unknown): Promise<unknown>;
  /** Waits (≤ 30 s) until the hub card says each hub (default: the whole fleet) is connected. */
  hubsConnected(client: Client, hubs?: readonly SimHub[]): Promise<void>;
}

/** The one other deployment the tests' operator lists: Move Links' destination besides this console. */
export const STAGE_DEPLOYMENT = {
  label: 'stage',
  webSocketHost: 'stage.example:4181',
  authHost: 'auth.stage.example',
  protocol: 'wss',
} as const;

/** hub-control's setting that lists it (spread into a hub stack's `env`). */
export const STAGE_DEPLOYMENT_ENV = { OTHER_DEPLOYMENTS: JSON.stringify([STAGE_DEPLOYMENT]) };

export interface HubStackOptions {
  hubs?: number;
  wfls?: number;
  seed: number;
  services?: string[];
  /** Settings for every service (the simulator's and hub-control's knobs, a world's DATABASE_URL). */
  env?: Record<string, string>;
}

/**
 * The real simulator (its hubs and WiFi links), hub-control, auth and gateway as processes on a
 * unique prefix, sharing a Mongo database of their own, with the simulator quiet (every hub at
 * once, no background traffic) so what a test sees is what it caused. `stop()` stops them and
 * drops the Mongo database.
 */
export async function startHubStack(opts: HubStackOptions): Promise<HubStack> {
  const infra = infraEnv();
  const hubs = opts.hubs ?? 0;
  const wflCount = opts.wfls ?? 0;
  let mongoName = '';
  const stack = await startStack(
    infra,
    opts.services ?? ['auth', 'simulator', 'hub-control', 'gateway'],
    (prefix) => {
      mongoName = prefix;
      return {
        SIM_HUBS: String(hubs),
        SIM_WFLS: String(wflCount),
        SIM_HOSTS: '0',
        SIM_SEED: String(opts.seed),
        SIM_PRESENCE_REFRESH_S: '1',
        ...QUIET_SIMULATOR,
        MONGO_URL: mongoUrlFor(infra.MONGO_URL, prefix),
        ...opts.env,
      };
    },
  );
  const mongo = await scratchMongo(infra.MONGO_URL, { name: mongoName });
  const nc = await connect({
    // The stack's own broker (a test may give the services another one, e.g. a cluster).
    servers: (opts.env?.NATS_URL ?? infra.NATS_URL).split(','),
    name: `hub-stack-${stack.prefix}`,
    ...natsAuth(),
  });
  const { hubs: fleet, wfls } = syntheticFleet({ hubs, wfls: wflCount, hosts: 0, seed: opts.seed });
  const sim = simSubjects(stack.prefix);
  return {
    ...stack,
    mongo,
    nc,
    fleet,
    wfls,
    watch: (subject) => recordSubject(nc, subject).messages,
    simControl: async (op, body) =>
      (await nc.request(sim.control(op), JSON.stringify(body), { timeout: 3000 })).json(),
    hubsConnected: async (client, which = fleet) => {
      for (const hub of which)
        await stack.waitFor(
          async () =>
            ((await client.call('GET', `/api/supportPlus/hub/${hub.hubId}`)).json as HubCard).presence
              ?.connected === true,
          `hub ${hub.hubId} to connect`,
          { timeoutMs: 30_000, intervalMs: 200 },
        );
    },
    stop: async () => {
      await nc.drain().catch(() => undefined);
      await stack.stop();
      await mongo.drop();
    },
  };
}

/**
 * Enrols `person` as staff with `roles` on a started hub stack and waits until its first simulated
 * hub is connected: that hub, and the admin client that enrolled the person.
 */
export async function enrolOnFirstHub(
  stack: HubStack,
  roles: string,
  person: { name: string; email: string; password: string },
): Promise<{ hub: SimHub; admin: Client }> {
  const hub = stack.fleet[0] as SimHub;
  const admin = await signInAdmin(stack);
  await enrolStaff(stack, admin, roles, person);
  await stack.hubsConnected(admin, [hub]);
  return { hub, admin };
}
