import { hubControlOperations, hubIdHex } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The hub card: presence from the cache every instance shares, and the last system read and stats. */
export function hubCardHandlers(app: FastifyInstance) {
  return defineHandlers(hubControlOperations, {
    'hub-control.hub': async (ctx) => {
      const hubId = Number(ctx.params.hubId);
      const [p, { info, stats }] = await Promise.all([app.presence.get(hubId), app.hubInfo.get(hubId)]);
      if (!p && !info && !stats) await app.hubActions.requireKnown(hubId);
      return {
        hubId,
        hubIdHex: hubIdHex(hubId),
        rootGroupId: p?.rootGroupId ?? info?.rootGroupId ?? null,
        presence: p
          ? {
              connected: p.connected,
              connectedSince: p.connected ? p.since : null,
              worker: p.workerId,
              lastSeen: p.at,
            }
          : null,
        info,
        stats,
      };
    },
  });
}
