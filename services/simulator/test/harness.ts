import {
  HUB_CLIENT_HEADERS,
  type HubCommandName,
  type HubCommandRequest,
  type HubMessage,
  hubRequest,
  type SimControlOp,
  type SimHub,
  simSubjects,
  subjects,
} from '@console/contracts';
import { natsAuth, readConfig } from '@console/kit';
import {
  infraEnv,
  QUIET_SIMULATOR,
  type Recorder,
  recordSubject,
  type ScratchMongo,
  type ScratchPostgres,
  scratchMongo,
  scratchPostgres,
  startApp,
  uniqueName,
} from '@console/kit/testing';
import { loadWorld } from '@console/world';
import { headers, type Msg, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { simulatorApp } from '../src/app.ts';
import { type SimulatorConfig, SimulatorConfigSchema } from '../src/config.ts';
import { syntheticFleet } from '../src/plugins/synthetic-fleet.ts';

/**
 * The real simulator app on the real NATS server, under its own subject prefix. Nothing is
 * mocked: tests talk to the hubs over NATS exactly as hub-control does, and watch the subjects.
 * Background events are off unless a test turns them on, so what a test sees is what it caused.
 */
export interface SimHarness {
  prefix: string;
  config: SimulatorConfig;
  apps: FastifyInstance[];
  app: FastifyInstance;
  nc: NatsConnection;
  /** The synthetic fleet the simulator carries (built the same way, same seed). */
  fleet: SimHub[];
  command<N extends HubCommandName>(
    hubId: number,
    name: N,
    payloads: HubCommandRequest<N>[],
    opts?: { clientType?: string; timeout?: number },
  ): Promise<HubMessage>;
  /**
   * Sends a hub a request of any class and operation (one empty item), even one `command` would
   * not make (an operation the hub does not know); the raw answer.
   */
  request(hubId: number, cls: string, operation: string): Promise<Msg>;
  control(op: SimControlOp, body: unknown): Promise<unknown>;
  /** Starts recording every message on a subject (wildcards allowed). */
  record(subject: string): Recorder;
  close(): Promise<void>;
}

export type { Recorder };

export const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startSimulator(
  env: Record<string, string> = {},
  opts: { shards?: number; prefix?: string } = {},
): Promise<SimHarness> {
  const infra = infraEnv();
  const prefix = opts.prefix ?? uniqueName('sim');
  const nc = await connect({ servers: infra.NATS_URL.split(','), name: 'simulator-test', ...natsAuth() });
  const recorders: Recorder[] = [];
  const record = (subject: string): Recorder => {
    const r = recordSubject(nc, subject);
    recorders.push(r);
    return r;
  };
  // Presence from the very first connect is on record.
  record(subjects(prefix).hubPresenceAny());
  await nc.flush();

  const shards = opts.shards ?? 1;
  const base = {
    ...infra,
    NATS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    SIM_HUBS: '5',
    SIM_WFLS: '3',
    SIM_HOSTS: '4',
    SIM_SEED: '42',
    SIM_TICK_MS: '20',
    SIM_RESTART_MS: '300',
    ...QUIET_SIMULATOR,
    ...env,
  };
  const apps: FastifyInstance[] = [];
  let config = readConfig(SimulatorConfigSchema, base);
  for (let i = 0; i < shards; i++) {
    config = readConfig(SimulatorConfigSchema, { ...base, SIM_SHARD: `${i}/${shards}` });
    const workerId = uniqueName(`sim${i}`);
    apps.push(
      await startApp(simulatorApp, {
        service: 'simulator',
        instance: workerId,
        options: { config, workerId },
      }),
    );
  }
  const subj = subjects(prefix);
  const sim = simSubjects(prefix);
  const fleet = syntheticFleet({
    hubs: config.SIM_HUBS,
    wfls: config.SIM_WFLS,
    hosts: config.SIM_HOSTS,
    seed: config.SIM_SEED,
  }).hubs;

  const command: SimHarness['command'] = async (hubId, name, payloads, o = {}) => {
    const h = headers();
    h.set(HUB_CLIENT_HEADERS.type, o.clientType ?? 'admin');
    h.set(HUB_CLIENT_HEADERS.id, 'test-staff');
    const req = hubRequest(name, 'admin-test', payloads);
    const msg = await nc.request(subj.hubCmd(hubId), JSON.stringify(req), {
      timeout: o.timeout ?? 3000,
      headers: h,
    });
    return JSON.parse(msg.string()) as HubMessage;
  };
  let transactionId = 0;
  const request: SimHarness['request'] = (hubId, cls, operation) =>
    nc.request(
      subj.hubCmd(hubId),
      JSON.stringify({
        version: '1.0',
        transactionId: ++transactionId,
        senderId: 'test',
        direction: 'request',
        class: cls,
        operation,
        items: [{ itemId: 0, payload: {} }],
      }),
      { timeout: 2000 },
    );
  const control: SimHarness['control'] = async (op, body) => {
    const msg = await nc.request(sim.control(op), JSON.stringify(body), { timeout: 3000 });
    return JSON.parse(msg.string());
  };
  const close = async () => {
    for (const r of recorders) r.stop();
    for (const a of apps) await a.close().catch(() => undefined);
    await nc.drain().catch(() => undefined);
  };
  return {
    prefix,
    config,
    apps,
    app: apps[0] as FastifyInstance,
    nc,
    fleet,
    command,
    request,
    control,
    record,
    close,
  };
}

export interface ScratchWorld {
  postgres: ScratchPostgres;
  mongo: ScratchMongo;
  /** Drops both databases. */
  drop(): Promise<void>;
}

/** A world loaded by the world loader into a Postgres and a Mongo database of the test's own. */
export async function scratchWorld(
  base: string,
  world: { seed: number; customers: number; now?: number },
): Promise<ScratchWorld> {
  const infra = infraEnv();
  const postgres = await scratchPostgres(infra.DATABASE_URL, base, 3);
  const mongo = await scratchMongo(infra.MONGO_URL, { base });
  const drop = async () => {
    await mongo.drop();
    await postgres.drop();
  };
  try {
    await loadWorld({ pool: postgres.pool, db: mongo.db, ...world, histories: false });
  } catch (err) {
    await drop();
    throw err;
  }
  return { postgres, mongo, drop };
}
