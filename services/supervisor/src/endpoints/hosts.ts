import {
  ApiError,
  confirmationMatches,
  deriveHost,
  type HostRecord,
  SUPERVISOR_LIMITS,
  supervisorOperations,
} from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { SupervisorOptions } from '../app.ts';
import { publishAudit } from '../plugins/audit.ts';
import { type HostClient, hostClient } from '../plugins/host.client.ts';

/** The supervisord board (core spec §7): list, add, delete a host; process info and restart over NATS. */
export function hostHandlers(app: FastifyInstance, { config, now }: SupervisorOptions) {
  const thresholds = {
    heartbeatOkMs: config.HEARTBEAT_OK_S * 1000,
    slowMs: SUPERVISOR_LIMITS.slowMs,
    restartWindowMs: SUPERVISOR_LIMITS.restartWindowMs,
  };
  const client = hostClient(app.nats, app.subjects, config.HOST_TIMEOUT_MS);
  const view = (h: HostRecord, at: number) => ({
    ...h,
    derived: deriveHost(h, at, thresholds),
  });
  const known = async (id: string) => {
    const h = await app.hosts.get(id);
    if (!h) throw new ApiError(404, `No host ${id} on the board.`);
    return h;
  };
  const processes = async (id: string, at: Date, cmd: Parameters<HostClient['ask']>[1]) => ({
    hostId: id,
    processes: await client.ask(id, cmd),
    fetchedAt: at.toISOString(),
  });

  return defineHandlers(supervisorOperations, {
    'supervisor.hostsList': async () => {
      const at = now();
      const hosts = await app.hosts.list();
      return { hosts: hosts.map((h) => view(h, at.getTime())), thresholds, at: at.toISOString() };
    },
    'supervisor.hostsAdd': async (ctx) => {
      const added = await app.hosts.add({
        id: ctx.body.name,
        host: ctx.body.host,
        kind: ctx.body.kind ?? 'command',
      });
      if (!added) throw new ApiError(409, `${ctx.body.name} is already on the board.`);
      publishAudit(app, 'supervisor-host', ctx.caller, {
        action: 'add',
        hostId: added._id,
        host: added.host,
      });
      return view(added, now().getTime());
    },
    'supervisor.hostsDelete': async (ctx) => {
      const h = await known(ctx.params.id);
      if (!(await app.hosts.remove(h._id))) throw new ApiError(404, `No host ${h._id} on the board.`);
      publishAudit(app, 'supervisor-host', ctx.caller, { action: 'delete', hostId: h._id, name: h.name });
      return { message: `${h.name} removed from the board; it comes back with its next heart beat.` };
    },
    'supervisor.processInfo': async (ctx) => {
      await known(ctx.params.id);
      return processes(ctx.params.id, now(), { op: 'getAllProcessInfo' });
    },
    'supervisor.restart': async (ctx) => {
      if (!confirmationMatches('supervisor.restart', ctx.body.confirm))
        throw new ApiError(400, "Type 'restart' to confirm.");
      await known(ctx.params.id);
      const out = await processes(ctx.params.id, now(), {
        op: 'restart',
        ...(ctx.body.process ? { process: ctx.body.process } : {}),
      });
      publishAudit(app, 'supervisor-restart', ctx.caller, {
        hostId: ctx.params.id,
        process: ctx.body.process ?? 'all',
      });
      return out;
    },
  });
}
