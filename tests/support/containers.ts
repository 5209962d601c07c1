import { GenericContainer, getContainerRuntimeClient, type StartedTestContainer, Wait } from 'testcontainers';

/**
 * Where the stores the tests use come from. On a machine with a Docker engine the suite runs against
 * real MongoDB 7, PostgreSQL 16 and Redis 7 started here through testcontainers; on a machine
 * without one (this project's build machine has none) it keeps what `infra/dev-infra.sh up`
 * started, FerretDB standing in for MongoDB. NATS always comes from dev-infra: the broker's
 * accounts and per-component users are written by infra/nats-auth.ts, which a plain image lacks.
 *
 * TEST_STORES picks: `auto` (the default: containers when an engine answers), `containers` (fail
 * without an engine), `project` (never containers).
 */
export type StoreSource = 'auto' | 'containers' | 'project';

export interface ContainerStores {
  env: { MONGO_URL: string; DATABASE_URL: string; REDIS_URL: string };
  stop(): Promise<void>;
}

export function storeSource(raw = process.env.TEST_STORES): StoreSource {
  if (raw === undefined || raw === '' || raw === 'auto') return 'auto';
  if (raw === 'containers' || raw === 'project') return raw;
  throw new Error(`TEST_STORES must be auto, containers or project, not '${raw}'`);
}

/** Whether a container engine answers (testcontainers' own detection: DOCKER_HOST, the socket, Podman). */
export async function containerEngine(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** Starts the three stores in containers, or returns undefined when the source says not to. */
export async function startContainerStores(
  source: StoreSource = storeSource(),
): Promise<ContainerStores | undefined> {
  if (source === 'project') return undefined;
  if (!(await containerEngine())) {
    if (source === 'containers') throw new Error('TEST_STORES=containers but no container engine answers');
    return undefined;
  }
  const started: StartedTestContainer[] = [];
  try {
    const mongo = await new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    started.push(mongo);
    const postgres = await new GenericContainer('postgres:16')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      // The image logs readiness twice: once for its init server, once for the real one.
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    started.push(postgres);
    const redis = await new GenericContainer('redis:7').withExposedPorts(6379).start();
    started.push(redis);
    const at = (c: StartedTestContainer, port: number) => `${c.getHost()}:${c.getMappedPort(port)}`;
    return {
      env: {
        MONGO_URL: `mongodb://${at(mongo, 27017)}/console`,
        DATABASE_URL: `postgres://postgres@${at(postgres, 5432)}/postgres`,
        REDIS_URL: `redis://${at(redis, 6379)}`,
      },
      stop: async () => {
        await Promise.all(started.map((c) => c.stop()));
      },
    };
  } catch (error) {
    await Promise.allSettled(started.map((c) => c.stop()));
    throw error;
  }
}
