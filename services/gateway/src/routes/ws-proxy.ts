import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errors } from '@nats-io/nats-core';
import { Svcm } from '@nats-io/services';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Websockets this gateway is passing to a fan-out instance right now. */
    proxiedSockets(): number;
  }
}

/** The `$SRV` name the fan-out instances register under (services/fanout). */
const FANOUT_SERVICE = 'fanout';

interface Target {
  host: string;
  port: number;
}

/** `host:port` (an IPv6 host in brackets) → a target; null when it is not one. */
export function parseTarget(text: string): Target | null {
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(text.trim());
  if (!m?.[1] || !m[2]) return null;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1], port } : null;
}

/**
 * The fan-out instances to send sockets to, in turn: `FANOUT_URL` when set (host:port, several
 * comma-separated: a Kubernetes Service name is one), else every instance `$SRV` discovery finds
 * under this deployment's prefix (`metadata.url`), looked up again every `FANOUT_DISCOVERY_MS` and
 * at once when none is known. A lookup that finds none (or the broker away) keeps the last list;
 * an instance that refuses a connection is dropped from it until a lookup finds it again.
 */
export function fanoutTargets(
  app: FastifyInstance,
  config: Pick<GatewayConfig, 'FANOUT_URL' | 'FANOUT_DISCOVERY_MS'>,
) {
  const configured = config.FANOUT_URL.split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => {
      const target = parseTarget(t);
      if (!target) throw new Error(`FANOUT_URL: '${t}' is not host:port`);
      return target;
    });
  let found: Target[] = [];
  let next = 0;
  let looking: Promise<void> | null = null;

  const discover = () => {
    // The broker away: keep what was found (those instances close new sockets with 1013 themselves).
    if (!app.broker.up) return Promise.resolve();
    looking ??= (async () => {
      const client = new Svcm(app.nats).client({ strategy: 'stall', maxWait: 1000, stall: 200 });
      const seen: Target[] = [];
      for await (const info of await client.info(FANOUT_SERVICE)) {
        if (info.metadata?.prefix !== app.subjects.prefix) continue;
        const target = parseTarget(info.metadata?.url ?? '');
        if (target) seen.push(target);
      }
      seen.sort((a, b) => `${a.host}:${a.port}`.localeCompare(`${b.host}:${b.port}`));
      // None answering in time is no news: an instance gone is dropped when it refuses a connection.
      if (seen.length) found = seen;
    })()
      .catch((err) => {
        // No fan-out running (yet): nothing to log; the upgrade that needs one answers 503.
        const none =
          err instanceof errors.NoRespondersError ||
          (err instanceof errors.RequestError && err.isNoResponders());
        if (!none) app.log.warn({ err }, 'fan-out discovery failed');
      })
      .finally(() => {
        looking = null;
      });
    return looking;
  };

  let timer: NodeJS.Timeout | null = null;
  if (!configured.length) {
    timer = setInterval(() => void discover(), config.FANOUT_DISCOVERY_MS);
    timer.unref();
  }

  return {
    /** The instance for the next socket (round robin), or null when there is none. */
    async pick(): Promise<Target | null> {
      const list = configured.length ? configured : found;
      if (!list.length) {
        if (configured.length) return null;
        await discover();
      }
      const now = configured.length ? configured : found;
      if (!now.length) return null;
      next = (next + 1) % now.length;
      return now[next] ?? null;
    },
    /** An instance that refused a connection: forgotten until discovery finds it again. */
    failed(target: Target) {
      if (configured.length) return;
      found = found.filter((t) => t.host !== target.host || t.port !== target.port);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

/**
 * `/ws` on the gateway's public port: each websocket upgrade is passed, as it came, to one fan-out
 * instance over TCP (the request head written again, then bytes piped both ways), which checks the
 * origin and the session itself. `X-Forwarded-For` carries the caller's address as this gateway
 * sees it. If the chosen instance cannot be reached the next one is tried; with none, 503. An error
 * or close on either side closes both. The gateway holds no websocket code: it never parses a frame.
 */
export const wsProxy = fp(
  async (app: FastifyInstance, opts: { config: GatewayConfig }) => {
    const targets = fanoutTargets(app, opts.config);
    const open = new Set<Duplex>();
    app.decorate('proxiedSockets', () => open.size);

    const refuse = (socket: Duplex, status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };

    const head = (req: IncomingMessage): string => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      const raw = req.rawHeaders;
      let forwarded = '';
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const name = raw[i] as string;
        const value = raw[i + 1] as string;
        if (name.toLowerCase() === 'x-forwarded-for') {
          forwarded = forwarded ? `${forwarded}, ${value}` : value;
          continue;
        }
        lines.push(`${name}: ${value}`);
      }
      const peer = req.socket.remoteAddress ?? '';
      // Behind a trusted proxy the caller is who it says; else only this connection's peer counts.
      const chain = opts.config.TRUST_PROXY && forwarded ? `${forwarded}, ${peer}` : peer;
      if (chain) lines.push(`X-Forwarded-For: ${chain}`);
      return `${lines.join('\r\n')}\r\n\r\n`;
    };

    const pass = async (req: IncomingMessage, socket: Duplex, first: Buffer) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const target = await targets.pick();
        if (!target) break;
        const upstream = await new Promise<Socket | null>((resolve) => {
          const s = connect(target.port, target.host);
          s.once('connect', () => resolve(s));
          s.once('error', () => resolve(null));
        });
        if (!upstream) {
          targets.failed(target);
          continue;
        }
        if (socket.destroyed) return upstream.destroy();
        upstream.setNoDelay(true);
        open.add(socket);
        const both = () => {
          open.delete(socket);
          socket.destroy();
          upstream.destroy();
        };
        upstream.on('error', both).on('close', both);
        socket.on('error', both).on('close', both);
        upstream.write(head(req));
        if (first.length) upstream.write(first);
        socket.pipe(upstream);
        upstream.pipe(socket);
        return;
      }
      app.log.warn('no fan-out instance could be reached for a /ws upgrade');
      refuse(socket, '503 Service Unavailable');
    };

    app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, first: Buffer) => {
      socket.on('error', () => socket.destroy());
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/ws') return refuse(socket, '404 Not Found');
      if ('setNoDelay' in socket) (socket as Socket).setNoDelay(true);
      void pass(req, socket, first).catch((err) => {
        app.log.error({ err }, '/ws proxy failed');
        socket.destroy();
      });
    });

    app.addHook('onClose', async () => {
      targets.stop();
      for (const s of open) s.destroy();
    });
  },
  { name: 'ws-proxy', dependencies: ['nats'] },
);
