import { streamNames } from '@console/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    presence: { online(clientId: string): boolean; size(): number };
  }
}

function readPresence(data: Uint8Array): { hubId: string; connected: boolean } | null {
  try {
    const p = JSON.parse(new TextDecoder().decode(data)) as { hubId?: unknown; connected?: unknown };
    if ((typeof p.hubId !== 'number' && typeof p.hubId !== 'string') || typeof p.connected !== 'boolean')
      return null;
    return { hubId: String(p.hubId), connected: p.connected };
  } catch {
    return null;
  }
}

/**
 * Which links are online now, for the worker-connection report: every instance follows
 * `hub.*.presence` itself (no queue group) after reading each hub's last presence kept in
 * JetStream, so it knows the whole fleet from its first request.
 */
export const presencePlugin = fp(
  async (app: FastifyInstance) => {
    const online = new Set<string>();
    // Stored presence is older than anything heard live since the subscription began.
    const heardLive = new Set<string>();
    const apply = (data: Uint8Array, live: boolean) => {
      const p = readPresence(data);
      if (!p || (!live && heardLive.has(p.hubId))) return;
      if (live) heardLive.add(p.hubId);
      if (p.connected) online.add(p.hubId);
      else online.delete(p.hubId);
    };
    const sub = app.nats.subscribe(app.subjects.hubPresenceAny(), {
      callback: (_e, m) => apply(m.data, true),
    });
    try {
      const jsm = await jetstreamManager(app.nats);
      const last = await jsm.direct.getLastMessagesFor(streamNames(app.subjects.prefix).hubMsgs, {
        multi_last: [app.subjects.hubPresenceAny()],
      });
      for await (const m of last) apply(m.data, false);
    } catch (err) {
      app.log.info({ err: (err as Error).message }, 'no stored hub presence yet; following it live');
    }
    app.decorate('presence', { online: (id: string) => online.has(id), size: () => online.size });
    app.addHook('preClose', async () => sub.unsubscribe());
  },
  { name: 'presence', dependencies: ['nats'] },
);
