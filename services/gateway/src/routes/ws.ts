import { type ClientFrame, ClientFrameSchema, type ServerFrame } from '@console/contracts';
import type {} from '@fastify/websocket';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';

const checkFrame = TypeCompiler.Compile(ClientFrameSchema);

/**
 * `/ws`: the live-panel socket. Only signed-in users may open it (the upgrade is refused with 401
 * otherwise). Topic fan-out arrives with the live-traffic work; until then a subscription is
 * answered with a plain error so a panel can say so.
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
      const send = (frame: ServerFrame) => socket.send(JSON.stringify(frame));
      send({ type: 'hello', user: { id: caller.userId, name: caller.name, roles: caller.roles } });
      socket.on('message', (raw: Buffer) => {
        let frame: ClientFrame;
        try {
          const parsed: unknown = JSON.parse(raw.toString('utf8'));
          if (!checkFrame.Check(parsed)) throw new Error('bad frame');
          frame = parsed;
        } catch {
          return send({
            type: 'error',
            statusCode: 400,
            message: 'That frame is not part of the live protocol.',
          });
        }
        if (frame.type === 'ping')
          return send({ type: 'pong', ...(frame.id !== undefined ? { id: frame.id } : {}) });
        if (frame.type === 'subscribe') {
          return send({
            type: 'error',
            topic: frame.topic,
            statusCode: 404,
            message: 'Live topics are not available yet.',
          });
        }
      });
    },
  );
}
