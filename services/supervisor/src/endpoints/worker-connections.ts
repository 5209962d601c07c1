import { ApiError, supervisorOperations, WORKER_DELETE_CONFIRMATION, WORKER_TEXT } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { SupervisorOptions } from '../app.ts';
import { publishAudit } from '../plugins/audit.ts';
import { WorkerConnectionStore } from '../plugins/worker-connections.store.ts';

/** Worker connections (analytics spec §2, §7): the offline report, and count / get / delete of old records. */
export function workerHandlers(app: FastifyInstance, { now }: SupervisorOptions) {
  const store = new WorkerConnectionStore(app.mongo);
  return defineHandlers(supervisorOperations, {
    'supervisor.workerLinksOffline': async (ctx) => store.offline(ctx.body, now(), app.presence.online),
    'supervisor.workerCount': async (ctx) => ({ count: await store.count(ctx.body) }),
    'supervisor.workerGet': async (ctx) => ({ records: await store.get(ctx.body) }),
    'supervisor.workerDelete': async (ctx) => {
      const { confirm, ...query } = ctx.body;
      // Analytics spec §5: type yes (any case), otherwise 'Deletion cancelled.'
      if (confirm.trim().toLowerCase() !== WORKER_DELETE_CONFIRMATION)
        throw new ApiError(400, WORKER_TEXT.cancelled);
      const deleted = await store.remove(query);
      publishAudit(app, 'worker-connections-delete', ctx.caller, { ...query, deleted });
      return { deleted };
    },
  });
}
