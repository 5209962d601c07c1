import {
  ApiError,
  FEATURE_LIVE_READ,
  type FeatureLiveReadResult,
  hubControlOperations,
  offlineMessage,
} from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

type Result = FeatureLiveReadResult['results'][number];

/**
 * Query Live for missing (seed 002 /linkplus-data): the stats service's report worker asks, for the
 * data user who started the run, for the current value of features that have none stored. Each hub
 * gets one feature-read message (an item per feature) through the same lifecycle as every hub action —
 * refused when offline, sent once, a transaction, an automatic support note naming the data user and
 * the run, an audit event — so a run never commands hubs behind the staff's back.
 */
export function featureLiveReadHandlers(app: FastifyInstance) {
  return defineHandlers(hubControlOperations, {
    'hub-control.featureLiveRead': async (ctx) => {
      const byHub = new Map<number, string[]>();
      for (const f of ctx.body.features) {
        const list = byHub.get(f.linkId) ?? [];
        if (!list.includes(f.featureId)) list.push(f.featureId);
        byHub.set(f.linkId, list);
      }
      if (byHub.size > FEATURE_LIVE_READ.maxHubs)
        throw new ApiError(400, `One live read asks at most ${FEATURE_LIVE_READ.maxHubs} hubs.`);
      const hubs = [...byHub.entries()];
      const results: Result[] = [];
      const readHub = async ([hubId, featureIds]: [number, string[]]) => {
        try {
          const r = await app.hubActions.run(ctx, {
            opId: 'hub-control.featureLiveRead',
            action: `Feature Data live read (run ${ctx.body.jobId.slice(0, 8)}, ${featureIds.length} features)`,
            hubId,
            command: 'featureRead',
            payloads: featureIds.map((featureId) => ({ featureId })),
            offline: offlineMessage('a feature read'),
          });
          const at = Date.now();
          featureIds.forEach((featureId, i) => {
            const item = r.items.find((x) => x.payload.featureId === featureId) ?? r.items[i];
            if (item?.success && 'value' in item.payload)
              results.push({
                featureId,
                linkId: hubId,
                value: item.payload.value,
                at,
                transactionId: r.transactionId,
              });
            else
              results.push({
                featureId,
                linkId: hubId,
                error: item?.error?.message ?? 'The hub gave no value for this feature.',
                transactionId: r.transactionId,
              });
          });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          for (const featureId of featureIds) results.push({ featureId, linkId: hubId, error: err.message });
        }
      };
      // A few hubs at a time: one slow or silent hub does not hold the others' reads.
      let next = 0;
      const lane = async () => {
        while (next < hubs.length) await readHub(hubs[next++] as [number, string[]]);
      };
      await Promise.all(Array.from({ length: Math.min(FEATURE_LIVE_READ.hubsAtOnce, hubs.length) }, lane));
      return { results };
    },
  });
}
