import { createHash } from 'node:crypto';
import { streamNames, subjects } from '@console/contracts';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
  type StreamInfo,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';

export interface StreamLimits {
  /** Messages kept per subject of the hub stream: each (hub, direction, class, operation) keeps this many. */
  hubPerSubject: number;
  hubMaxAgeMs: number;
  hubMaxBytes: number;
  auditMaxAgeMs: number;
  /**
   * JetStream replicas of both streams (`NATS_STREAM_REPLICAS`): 3 on a three-node cluster, so a
   * node lost loses nothing acknowledged. Unset: 1 when creating, and an existing stream keeps its own.
   */
  replicas?: number;
}

/**
 * Each hub's history is bounded per subject, by age and by the stream's size. The per-subject
 * limit is generous on purpose: JetStream discards a full subject's oldest message at once, even
 * if a live consumer has not read it yet, so a tight limit would let a burst on one subject open
 * a silent gap in a live panel. Discards by age and size happen at the old end, far from readers.
 */
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  hubPerSubject: 2000,
  hubMaxAgeMs: 24 * 3600_000,
  // No byte limit by default: JetStream reserves a stream's max_bytes up front, so many prefixed
  // deployments (or test runs) on one server would exhaust its storage with empty streams.
  // The history is already bounded per subject and by age; set a size where a server needs one.
  hubMaxBytes: -1,
  auditMaxAgeMs: 90 * 24 * 3600_000,
};

/** JetStream's "stream name already in use with a different configuration" (not in the client's table). */
const STREAM_NAME_IN_USE = 10058;

const nanos = (ms: number) => ms * 1_000_000;

/**
 * The identity of a stream's history: its name and creation time. Deleting and re-creating the
 * stream restarts sequences at 1 and changes the epoch, so an old position can never be mistaken
 * for a new one. Every process computes the same epoch for the same stream (the gateway's live
 * topics and hub-control's timeline and its links to a moment).
 */
export function streamEpoch(info: Pick<StreamInfo, 'config' | 'created'>): string {
  return createHash('sha256').update(`${info.config.name}|${info.created}`).digest('base64url').slice(0, 12);
}

/**
 * The `STORE` stream of a prefix: the stores' writers' announcements, kept a week (a follower
 * stopped longer than that misses some, and says so), a repeated announcement within two minutes
 * kept once.
 */
export function storeStreamConfig(prefix: string): Partial<StreamConfig> & { name: string } {
  return {
    name: streamNames(prefix).store,
    subjects: [subjects(prefix).storeAny()],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(7 * 24 * 3600_000),
    duplicate_window: nanos(120_000),
  };
}

/** The stream's description, or null where there is no such stream. */
export async function streamInfoOrNull(nc: NatsConnection, name: string): Promise<StreamInfo | null> {
  try {
    return await (await jetstreamManager(nc)).streams.info(name);
  } catch (err) {
    if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) return null;
    throw err;
  }
}

/** The console's streams of one prefix, as the broker describes them. */
export interface ConsoleStreams {
  hubMsgs: StreamInfo;
  audit: StreamInfo;
  reports: StreamInfo;
  store: StreamInfo;
}

/**
 * The JetStream streams the console relies on, created or brought up to date idempotently. This
 * is stream administration: the start-up step runs it (`services/kit/src/prepare-streams.ts`, as the broker's
 * `streams` user; infra/run-services.ts, the Helm chart's job, the tests' stacks as `tests`), and
 * the broker refuses it to every component, which only checks its streams (`requireStreams`).
 *
 * - hub messages: every `hub.<id>.msg.>` message and every `hub.<id>.presence` announcement, so a
 *   live panel can be back-filled and a reconnecting browser resumed by stream sequence. Presence
 *   is kept beside the messages so a hub's last known state comes back with its history and the
 *   overview can read the last presence of every hub. Publishers simply `nc.publish` (no reply
 *   subject): JetStream captures core publishes, and re-publishes each stored message on
 *   `live.hub.…` with `Nats-Sequence` (its offset) and `Nats-Last-Sequence` (the previous one of
 *   its subject) for the gateway's live panels.
 * - audit: `audit.>`, the durable record of staff actions, append-only: `deny_delete` and
 *   `deny_purge` (the broker refuses a message deletion or a purge to anyone, and an update can
 *   turn neither off); only age removes records.
 * - reports: the report worker's work queue (services/stats), one message per job.
 * - store: the stores' writers' announcements of records they inserted (`store.*.inserted`), kept
 *   a week, which the statistics follow (services/stats store-follower).
 */
export async function ensureStreams(
  nc: NatsConnection,
  prefix: string,
  limits: Partial<StreamLimits> = {},
): Promise<ConsoleStreams> {
  const l = { ...DEFAULT_STREAM_LIMITS, ...limits };
  const s = subjects(prefix);
  const names = streamNames(prefix);
  const jsm = await jetstreamManager(nc);
  // Every stream: kept in files, the oldest message dropped when full, `l.replicas` replicas (or 1).
  const upsert = async (own: Partial<StreamConfig> & { name: string }) => {
    const config = {
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      num_replicas: l.replicas ?? 1,
      ...own,
    };
    try {
      return await jsm.streams.add(config);
    } catch (err) {
      // It exists with other limits: ours win, the data stays (and its replicas too, unless this
      // caller was told how many).
      if (err instanceof JetStreamApiError && err.code === STREAM_NAME_IN_USE) {
        const replicas = l.replicas ?? (await jsm.streams.info(config.name)).config.num_replicas;
        return jsm.streams.update(config.name, { ...config, num_replicas: replicas });
      }
      throw err;
    }
  };
  const hubMsgs = await upsert({
    name: names.hubMsgs,
    subjects: [s.hubMsgAny(), s.hubPresenceAny()],
    retention: RetentionPolicy.Limits,
    max_msgs_per_subject: l.hubPerSubject,
    max_age: nanos(l.hubMaxAgeMs),
    max_bytes: l.hubMaxBytes,
    allow_direct: true,
    // Each stored message again on `live.hub.…`, its stream sequence in the headers: the gateway's
    // live panels listen there (core NATS, no consumer per panel) and still know every offset.
    republish: { src: s.hubAll(), dest: s.hubLiveAll() },
  });
  const audit = await upsert({
    name: names.audit,
    subjects: [s.auditAny()],
    retention: RetentionPolicy.Limits,
    max_age: nanos(l.auditMaxAgeMs),
    allow_direct: true,
    deny_delete: true,
    deny_purge: true,
  });
  const reports = await upsert({
    name: names.reports,
    subjects: [s.reportJobAny()],
    retention: RetentionPolicy.Workqueue,
    max_age: nanos(7 * 24 * 3600_000),
  });
  const store = await upsert(storeStreamConfig(prefix));
  return { hubMsgs, audit, reports, store };
}

/**
 * A component's start: its streams must exist (STREAM.INFO only; the start-up step creates them).
 * Where they are missing and this connection may create them (the `tests` user of a service test,
 * a broker without users), they are created here. A component's own user is refused by the
 * broker: it waits up to `waitMs` for the start-up step (in Kubernetes its Job may run after the
 * pods start), then fails saying which step to run.
 */
export async function requireStreams(
  nc: NatsConnection,
  prefix: string,
  limits: Partial<StreamLimits> = {},
  waitMs = 30_000,
): Promise<ConsoleStreams> {
  const jsm = await jetstreamManager(nc);
  const names = streamNames(prefix);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const [hubMsgs, audit, reports, store] = await Promise.all(
        [names.hubMsgs, names.audit, names.reports, names.store].map((n) => jsm.streams.info(n)),
      );
      return { hubMsgs, audit, reports, store } as ConsoleStreams;
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    }
    try {
      return await ensureStreams(nc, prefix, limits);
    } catch (err) {
      if (Date.now() >= deadline)
        throw new Error(
          `the JetStream streams of prefix "${prefix}" are missing and this broker user may not create them: run the start-up step (services/kit/src/prepare-streams.ts as the streams user) first`,
          { cause: err },
        );
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Deletes the streams of a prefix (test clean-up); missing streams are fine. */
export async function removeStreams(nc: NatsConnection, prefix: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const name of Object.values(streamNames(prefix))) {
    await jsm.streams.delete(name).catch(() => false);
  }
}

/** Streams of a test's unique prefix (`uniqueName`: a word, `_`, 8 or 10 hex digits). */
const TEST_STREAM = /^[A-Z-]+_([0-9A-F]{8}|[0-9A-F]{10})_(HUB_MSGS|AUDIT|REPORTS|STORE)$/;

/**
 * Deletes the streams test runs leave behind on a shared NATS server: those of the prefixes of
 * the run `runId` (the first 4 hex digits of its `uniqueName`s), and any test-shaped one older than
 * `staleAfterMs` (a run that was killed before its teardown). Other streams, the demo's among
 * them, are never touched.
 */
export async function pruneTestStreams(
  nc: NatsConnection,
  runId: string,
  staleAfterMs = 24 * 3600_000,
): Promise<string[]> {
  const jsm = await jetstreamManager(nc);
  const ours = new RegExp(`^[A-Z-]+_${runId.toUpperCase()}[0-9A-F]{6}_`);
  const removed: string[] = [];
  for await (const info of jsm.streams.list()) {
    const name = info.config.name;
    if (!TEST_STREAM.test(name)) continue;
    if (ours.test(name) || Date.now() - new Date(info.created).getTime() > staleAfterMs) {
      if (await jsm.streams.delete(name).catch(() => false)) removed.push(name);
    }
  }
  return removed;
}
