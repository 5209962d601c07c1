import { randomUUID } from 'node:crypto';
import { type Caller, OPERATIONS } from '@console/contracts';
import type { FastifyInstance } from 'fastify';

const KEEP_AT_MOST = 50_000;

export interface Refusal {
  statusCode: number;
  message: string;
}

/**
 * Live hub topics must name hubs that exist and that the caller may see: asked of hub-control
 * (its hub card, with the caller's identity, so its role rule applies too) before a consumer is
 * opened. Made-up hub ids used to hold the stream's consumers for nothing. A hub found is
 * remembered a while, so panels re-opening do not ask again.
 */
export function hubCheck(app: FastifyInstance, ttlMs: number) {
  const known = new Map<string, number>();
  const op = OPERATIONS.find((o) => o.id === 'hub-control.hub');
  if (!op) throw new Error('the operations table has no hub-control.hub');

  const check = async (caller: Caller, ip: string, hubId: string): Promise<Refusal | null> => {
    const until = known.get(hubId);
    if (until !== undefined && until > Date.now()) return null;
    const answer = await app.forward(op, {
      requestId: randomUUID(),
      caller,
      ip,
      params: { hubId },
      query: {},
      body: null,
    });
    if (answer.ok) {
      if (known.size >= KEEP_AT_MOST) known.clear();
      known.set(hubId, Date.now() + ttlMs);
      return null;
    }
    const status = answer.error.statusCode;
    if (status === 400 || status === 404) return { statusCode: 404, message: `There is no hub ${hubId}.` };
    if (status === 401 || status === 403) return { statusCode: 403, message: answer.error.message };
    return { statusCode: 503, message: 'Hubs cannot be looked up right now; try again shortly.' };
  };

  return {
    async refusal(caller: Caller, ip: string, hubIds: readonly string[]): Promise<Refusal | null> {
      const answers = await Promise.all(hubIds.map((id) => check(caller, ip, id)));
      return answers.find((a) => a !== null) ?? null;
    },
  };
}
export type HubCheck = ReturnType<typeof hubCheck>;
