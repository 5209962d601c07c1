import {
  allows,
  type ClientFrame,
  ClientFrameSchema,
  type FleetPosition,
  type FleetQuery,
  LIVE_TOPIC_ACCESS,
  liveTopics,
} from '@console/contracts';
import type {} from '@fastify/websocket';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import type { FanoutConfig } from '../config.ts';
import { auditFleetQuery } from '../fleet/audit.ts';
import { compileFleetExpression } from '../fleet/compile.ts';
import {
  BROKER_AWAY_CODE,
  BROKER_AWAY_REASON,
  FLOOD_CODE,
  FLOOD_REASON,
  type LiveConnection,
} from '../live/connection.ts';
import { type HubCheck, hubCheck } from '../live/hub-check.ts';
import { NOT_YOUR_TOPIC } from '../live/plugin.ts';
import { RawChannel } from '../live/raw/raw-channel.ts';
import { closeAtSessionEnd } from '../live/session-ends.ts';
import { parseTopic, TopicError } from '../live/topics.ts';

const checkFrame = TypeCompiler.Compile(ClientFrameSchema);

/**
 * `/ws`: the live-panel socket. Only signed-in users may open it (the upgrade is refused with 401
 * otherwise). Each topic is checked against the caller's roles when subscribed; the fan-out
 * (`../live/`) does the rest.
 */
export async function wsRoutes(app: FastifyInstance, opts: { config: FanoutConfig }) {
  const allowedOrigin = originRule(opts.config.WS_ALLOWED_ORIGINS);
  const hubs = hubCheck(app, opts.config.LIVE_HUB_CHECK_TTL_MS);
  // The engineering consoles' raw channel; its channel operations watch hubs like a live panel does.
  const engineering = new RawChannel(app, opts.config, (conn, hubId, on, ip) => {
    const topic = hubId === null ? liveTopics.hubs() : liveTopics.hub(hubId);
    const frame: ClientFrame = on ? { type: 'subscribe', topic } : { type: 'unsubscribe', topic };
    conn.queue = conn.queue.then(() => handle(app, hubs, conn, frame, ip));
    return conn.queue as Promise<void>;
  });
  app.addHook('onClose', async () => engineering.shutdown());
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        // A page on another site could otherwise open the socket with the staff member's cookie.
        if (!allowedOrigin(req.headers.origin, req.headers.host))
          return reply.code(403).send({
            statusCode: 403,
            error: 'Forbidden',
            message: 'This page may not open the live socket.',
          });
        const caller = await app.resolveCaller(req, reply);
        if (!caller)
          return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' });
        req.caller = caller;
      },
    },
    (socket, req) => {
      const caller = req.caller;
      if (!caller) return socket.close(4401, 'unauthorized');
      if (app.live.brokerAway) return socket.close(BROKER_AWAY_CODE, BROKER_AWAY_REASON);
      const conn = app.live.connect(socket, caller);
      engineering.open(conn);
      socket.on('close', () => {
        engineering.close(conn);
        app.live.disconnect(conn);
      });
      const tooMany = app.live.socketRefusal(caller.userId);
      if (tooMany) {
        req.log.warn({ userId: caller.userId }, 'live socket refused: too many for one user');
        return conn.closeForAbuse(FLOOD_CODE, tooMany);
      }
      conn.send({ type: 'hello', user: { id: caller.userId, name: caller.name, roles: caller.roles } });
      void closeAtSessionEnd(app, conn);
      socket.on('message', (raw: Buffer) => {
        if (conn.closed) return;
        if (!conn.admit()) {
          req.log.warn({ userId: caller.userId }, 'live socket closed: it sent frames too fast');
          return conn.closeForAbuse(FLOOD_CODE, FLOOD_REASON);
        }
        const parsed = parseJson(raw);
        if (RawChannel.claims(parsed)) {
          // Concurrent per socket: a hub slow to answer does not hold up the next message.
          engineering.handle(conn, raw.length, parsed, req.ip).catch((err: Error) => {
            req.log.error({ err }, 'raw channel frame failed');
          });
          return;
        }
        const frame = checkFrame.Check(parsed) ? parsed : null;
        if (!frame) {
          return conn.send({
            type: 'error',
            statusCode: 400,
            message: 'That frame is not part of the live protocol.',
          });
        }
        if (frame.type === 'ping') {
          return conn.send({ type: 'pong', ...(frame.id !== undefined ? { id: frame.id } : {}) });
        }
        // In order per socket: an unsubscribe never overtakes the subscribe before it.
        conn.queue = conn.queue
          .then(() => handle(app, hubs, conn, frame, req.ip))
          .catch((err: Error) => {
            req.log.error({ err }, 'live frame failed');
          });
      });
    },
  );
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

async function handle(
  app: FastifyInstance,
  hubs: HubCheck,
  conn: LiveConnection,
  frame: ClientFrame,
  ip: string,
) {
  if (frame.type === 'unsubscribe') return app.live.unsubscribe(conn, frame.topic);
  if (frame.type !== 'subscribe') return;
  let spec: ReturnType<typeof parseTopic>;
  try {
    spec = parseTopic(frame.topic, frame.hubs, frame.query);
  } catch (err) {
    if (!(err instanceof TopicError)) throw err;
    return conn.send({ type: 'error', topic: frame.topic, statusCode: 400, message: err.message });
  }
  if (!allows(LIVE_TOPIC_ACCESS[spec.kind], conn.caller.roles)) {
    return conn.send({ type: 'error', topic: frame.topic, statusCode: 403, message: NOT_YOUR_TOPIC });
  }
  if (spec.kind === 'hub' || spec.kind === 'structure') {
    const refused = await hubs.refusal(conn.caller, ip, spec.hubIds);
    if (refused) return conn.send({ type: 'error', topic: frame.topic, ...refused });
  }
  if (spec.kind === 'fleet') {
    const refused = fleetRefusal(app, conn, spec.query, ip);
    if (refused) return conn.send({ type: 'error', topic: frame.topic, ...refused });
  }
  if (conn.closed) return;
  await app.live.subscribe(conn, frame.topic, spec, frame.filter, frame.resume);
}

/**
 * A fleet-lens query is compiled here first (a bad or too costly expression is a 400 with its
 * position) and held to the instance's number of queries (503); either way it is audited.
 */
function fleetRefusal(
  app: FastifyInstance,
  conn: LiveConnection,
  query: Required<FleetQuery>,
  ip: string,
): { statusCode: number; message: string; position?: FleetPosition } | null {
  const compiled = compileFleetExpression(query.expression, app.fleet.deps.opts);
  const refused = compiled.ok ? app.fleet.refusal() : compiled;
  auditFleetQuery(app, conn.caller, ip, {
    ...query,
    outcome: refused ? 'refused' : 'started',
    ...(refused ? { error: refused.message } : {}),
  });
  return refused;
}

/**
 * Which `Origin` may open `/ws`: the console's own (same host as the request), those configured,
 * and none at all (not a browser: a browser always sends one on a websocket upgrade).
 */
export function originRule(configured: string) {
  const allowed = new Set(
    configured
      .split(',')
      .map((o) => o.trim().toLowerCase().replace(/\/+$/, ''))
      .filter(Boolean),
  );
  return (origin: string | undefined, host: string | undefined): boolean => {
    if (origin === undefined) return true;
    if (allowed.has(origin.toLowerCase())) return true;
    try {
      return host !== undefined && new URL(origin).host === host.toLowerCase();
    } catch {
      return false;
    }
  };
}
