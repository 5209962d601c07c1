import { allows, type ClientFrame, ClientFrameSchema, LIVE_TOPIC_ACCESS } from '@console/contracts';
import type {} from '@fastify/websocket';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import type { LiveConnection } from '../live/connection.ts';
import { NOT_YOUR_TOPIC } from '../live/plugin.ts';
import { parseTopic, TopicError } from '../live/topics.ts';

const checkFrame = TypeCompiler.Compile(ClientFrameSchema);

/**
 * `/ws`: the live-panel socket. Only signed-in users may open it (the upgrade is refused with 401
 * otherwise). Each topic is checked against the caller's roles when subscribed; the fan-out
 * (`../live/`) does the rest.
 */
export async function wsRoutes(app: FastifyInstance) {
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req, reply) => {
        const caller = await app.resolveCaller(req, reply);
        if (!caller)
          return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' });
        req.caller = caller;
      },
    },
    (socket, req) => {
      const caller = req.caller;
      if (!caller) return socket.close(4401, 'unauthorized');
      const conn = app.live.connect(socket, caller);
      conn.send({ type: 'hello', user: { id: caller.userId, name: caller.name, roles: caller.roles } });
      socket.on('close', () => app.live.disconnect(conn));
      socket.on('message', (raw: Buffer) => {
        const frame = readFrame(raw);
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
          .then(() => handle(app, conn, frame))
          .catch((err: Error) => {
            req.log.error({ err }, 'live frame failed');
          });
      });
    },
  );
}

function readFrame(raw: Buffer): ClientFrame | null {
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return checkFrame.Check(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

async function handle(app: FastifyInstance, conn: LiveConnection, frame: ClientFrame) {
  if (frame.type === 'unsubscribe') return app.live.unsubscribe(conn, frame.topic);
  if (frame.type !== 'subscribe') return;
  let spec: ReturnType<typeof parseTopic>;
  try {
    spec = parseTopic(frame.topic, frame.hubs);
  } catch (err) {
    if (!(err instanceof TopicError)) throw err;
    return conn.send({ type: 'error', topic: frame.topic, statusCode: 400, message: err.message });
  }
  if (!allows(LIVE_TOPIC_ACCESS[spec.kind], conn.caller.roles)) {
    return conn.send({ type: 'error', topic: frame.topic, statusCode: 403, message: NOT_YOUR_TOPIC });
  }
  await app.live.subscribe(conn, frame.topic, spec, frame.filter, frame.resume);
}
