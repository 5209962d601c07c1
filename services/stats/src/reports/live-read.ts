import { randomUUID } from 'node:crypto';
import {
  type Caller,
  FEATURE_LIVE_READ,
  type FeatureLiveReadResult,
  type ServiceReply,
  subjects,
} from '@console/contracts';
import { asGateway, assertionKey } from '@console/kit';
import type { NatsConnection } from '@nats-io/transport-node';

export type LiveValue = FeatureLiveReadResult['results'][number];
/** Reads features' current values from their hubs; the answer keyed by feature id. */
export type LiveRead = (features: { featureId: string; linkId: number }[]) => Promise<Map<string, LiveValue>>;

/** Whom a run's live reads are made for: the data user who started it (kept with the job's options). */
export interface RunCaller {
  userId: string;
  email: string;
  name: string;
  roles: Caller['roles'];
}

/**
 * Query Live for missing, from the stats side: the report worker may not command hubs itself (its
 * broker user may publish on one API subject only, hub-control's featureLiveRead), so it asks
 * hub-control — signed as the gateway signs, for the data user who started the run — which reads each
 * hub once with the usual transaction, note and audit. Features go a request's worth at a time
 * (at most FEATURE_LIVE_READ.maxFeatures features on maxHubs hubs); a request that fails leaves its
 * features without a live value, with the reason.
 */
export function liveReader(
  nc: NatsConnection,
  prefix: string,
  key: string,
  jobId: string,
  caller: RunCaller,
  timeoutMs: number,
): LiveRead {
  const signingKey = assertionKey(key);
  const subject = subjects(prefix).api('hub-control', 'featureLiveRead');
  const ask = async (features: { featureId: string; linkId: number }[]): Promise<LiveValue[]> => {
    const request = {
      requestId: randomUUID(),
      caller: { ...caller, sessionId: `report-job:${jobId}` },
      ip: '127.0.0.1',
      params: {},
      query: {},
      body: { jobId, features },
    };
    try {
      const msg = await nc.request(
        subject,
        JSON.stringify(asGateway('hub-control', 'featureLiveRead', request, signingKey)),
        { timeout: timeoutMs },
      );
      const reply = msg.json<ServiceReply>();
      if (reply.ok) return (reply.data as FeatureLiveReadResult).results;
      return features.map((f) => ({ ...f, error: `live read refused: ${reply.error.message}` }));
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return features.map((f) => ({ ...f, error: `live read failed: ${why}` }));
    }
  };
  return async (features) => {
    const out = new Map<string, LiveValue>();
    let batch: typeof features = [];
    let hubs = new Set<number>();
    const flush = async () => {
      if (!batch.length) return;
      for (const r of await ask(batch)) out.set(r.featureId, r);
      batch = [];
      hubs = new Set();
    };
    for (const f of features) {
      if (
        batch.length >= FEATURE_LIVE_READ.maxFeatures ||
        (!hubs.has(f.linkId) && hubs.size >= FEATURE_LIVE_READ.maxHubs)
      )
        await flush();
      batch.push(f);
      hubs.add(f.linkId);
    }
    await flush();
    return out;
  };
}
