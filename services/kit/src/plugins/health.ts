import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type ReadinessCheck = () => Promise<void> | void;

declare module 'fastify' {
  interface FastifyInstance {
    readiness: { add(name: string, check: ReadinessCheck): void };
  }
}

/** `/healthz`: the process answers. `/readyz`: every dependency it needs answers too. */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    const checks = new Map<string, ReadinessCheck>();
    app.decorate('readiness', { add: (name: string, check: ReadinessCheck) => void checks.set(name, check) });

    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_req, reply) => {
      const results: Record<string, string> = {};
      let ready = true;
      await Promise.all(
        [...checks].map(async ([name, check]) => {
          try {
            await withTimeout(Promise.resolve(check()), 2000);
            results[name] = 'ok';
          } catch (err) {
            ready = false;
            results[name] = err instanceof Error ? err.message : String(err);
          }
        }),
      );
      // Degraded: the process runs (and answers what it can) but a dependency is away.
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'degraded', checks: results });
    });
  },
  { name: 'health' },
);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
