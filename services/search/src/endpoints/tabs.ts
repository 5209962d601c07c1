import { ALEXA_TEXT, ApiError, COLLECTIONS, searchOperations, TAB_LIMITS } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { Document } from 'mongodb';
import { redact } from '../plugins/query/redact.ts';
import { readTab, TAB_SOURCES, type TabRead } from '../plugins/tabs/tab-reads.ts';

type Paged = { rootGroupId: string; limit?: number; before?: string; text?: string };
type Tab = keyof typeof TAB_SOURCES;

/** The common part of a paged read: the tab's default limit, the page marker, the text. */
function paged(tab: Tab, body: Paged, more: Partial<TabRead> = {}): TabRead {
  const range = more.range;
  for (const moment of [body.before, range?.start, range?.end]) {
    if (moment && Number.isNaN(Date.parse(moment))) throw new ApiError(400, `Not a date: ${moment}`);
  }
  if (range?.start && range.end && new Date(range.start) > new Date(range.end)) {
    throw new ApiError(400, 'The start date is after the end date.');
  }
  return {
    rootGroupId: body.rootGroupId,
    limit: body.limit ?? TAB_LIMITS[tab],
    ...(body.before ? { before: body.before } : {}),
    ...(body.text ? { text: body.text } : {}),
    ...more,
  };
}

/** The structure tabs' reads (seed 001 §2, §7, §9): each a page of one Gen2 collection. */
export function tabHandlers(app: FastifyInstance) {
  const read = (tab: Tab, q: TabRead) => readTab(app.mongo, TAB_SOURCES[tab], q);
  return defineHandlers(searchOperations, {
    'search.transactions': async ({ body }) => {
      const where: Document = {};
      if (body.classes?.length) where.class = { $in: body.classes };
      if (body.operations?.length) where.operation = { $in: body.operations };
      if (body.success !== undefined) where.success = body.success;
      return read('transactions', paged('transactions', body, { where, range: body }));
    },
    'search.syncUpdates': async ({ body }) =>
      read('syncUpdates', paged('syncUpdates', body, { range: body })),
    'search.connections': async ({ body }) => read('connections', paged('connections', body)),
    'search.logs': async ({ body }) => {
      const where: Document = {};
      if (body.group) where['item.payload.group'] = body.group;
      if (body.source) where['item.payload.source'] = body.source;
      return read('logs', paged('logs', body, { where }));
    },
    'search.releaseQueue': async ({ body }) => read('releaseQueue', paged('releaseQueue', body)),
    'search.backups': async ({ body }) =>
      read(
        'backups',
        paged('backups', body, body.linkId !== undefined ? { where: { linkId: body.linkId } } : {}),
      ),
    'search.accessRequests': async ({ body }) => read('accessRequests', paged('accessRequests', body)),
    'search.deviceStatus': async ({ body }) =>
      read(
        'deviceStatus',
        paged('deviceStatus', body, body.deviceId ? { where: { deviceId: body.deviceId } } : {}),
      ),

    'search.notifications': async ({ body }) => {
      const users = await app.mongo
        .collection(COLLECTIONS.users)
        .find({ rootGroupIds: body.rootGroupId }, { projection: { userId: 1, email: 1 } })
        .limit(50)
        .toArray();
      const thisStructure: Record<string, unknown>[] = [];
      const others: Record<string, unknown>[] = [];
      for (const user of users) {
        const docs = await app.mongo
          .collection(COLLECTIONS.notifications)
          .find({ userId: user.userId })
          .toArray();
        for (const doc of docs) {
          for (const n of (doc.notifications ?? []) as { meta?: { structureId?: string } }[]) {
            const row = redact({ ...n, userId: user.userId, email: user.email }) as Record<string, unknown>;
            (n.meta?.structureId === body.rootGroupId ? thisStructure : others).push(row);
          }
        }
      }
      return { thisStructure, others };
    },

    'search.agents': async ({ body, params }) => {
      // Every record, not the first: more than one is the "structure error" the tab shows.
      const docs = await app.mongo
        .collection(COLLECTIONS.agents)
        .find({ rootGroups: body.rootGroupId, type: params.type })
        .limit(10)
        .toArray();
      return { records: docs.map((d) => redact(d) as Record<string, unknown>) };
    },
    'search.alexaDiscovered': async ({ params }) => {
      const agent = await app.mongo
        .collection(COLLECTIONS.agents)
        .findOne({ userId: params.userId, type: 'alexa' }, { sort: { lastUpdatedAt: -1 } });
      if (!agent) throw new ApiError(404, ALEXA_TEXT.notConnected);
      const devices = Array.isArray(agent.devices) ? (agent.devices as Record<string, unknown>[]) : [];
      return {
        userId: params.userId,
        linked: agent.linked === true,
        lastUpdatedAt: agent.lastUpdatedAt instanceof Date ? agent.lastUpdatedAt.toISOString() : null,
        devices: devices.map((d) => ({
          name: String(d.name ?? ''),
          productCode: String(d.productCode ?? ''),
          type: String(d.type ?? ''),
          endpointId: String(d.endpointId ?? ''),
        })),
      };
    },
  });
}
