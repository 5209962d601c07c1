import { COLLECTIONS, hubControlOperations, hubIdHex } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);

/** The stored side of the card: when the hub was added, and the sync update behind an error state. */
async function hubRecord(app: FastifyInstance, hubId: number) {
  const hub = await app.mongo
    .collection(COLLECTIONS.hubs)
    .findOne(
      { hubId },
      { projection: { rootGroupId: 1, createdDate: 1, errorState: 1, errorSyncUpdateId: 1 } },
    );
  if (!hub) return null;
  const id = typeof hub.errorSyncUpdateId === 'string' ? hub.errorSyncUpdateId : null;
  const sync =
    hub.errorState && id
      ? await app.mongo
          .collection(COLLECTIONS.syncUpdates)
          .findOne({ errorSyncUpdateId: id }, { projection: { createdDate: 1, state: 1 } })
      : null;
  return {
    storedRootGroupId: typeof hub.rootGroupId === 'string' ? hub.rootGroupId : null,
    addedDate: iso(hub.createdDate),
    errorState: hub.errorState === true,
    errorSync:
      hub.errorState && id
        ? {
            syncUpdateId: id,
            createdDate: iso(sync?.createdDate),
            type: String(sync?.state?.type ?? 'unknown'),
            subType: String(sync?.state?.subType ?? 'unknown'),
            caller: String(sync?.state?.caller ?? 'unknown'),
            errorCount: Number(sync?.state?.errorCount ?? 0),
          }
        : null,
  };
}

/** The hub card: presence from the cache every instance shares, and the last system read and stats. */
export function hubCardHandlers(app: FastifyInstance) {
  return defineHandlers(hubControlOperations, {
    'hub-control.hub': async (ctx) => {
      const hubId = Number(ctx.params.hubId);
      const [p, { info, stats }, record] = await Promise.all([
        app.presence.get(hubId),
        app.hubInfo.get(hubId),
        hubRecord(app, hubId),
      ]);
      if (!p && !info && !stats && !record) await app.hubActions.requireKnown(hubId);
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
        record,
      };
    },
  });
}
