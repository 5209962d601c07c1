import { type Caller, subjects } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type StageDoc, Waterfall } from './waterfall.ts';

/**
 * Just enough of the app for `cancel`: a stage store whose writes can be held back (as the group
 * commit holds them while a batch is on its way), a Redis with the settle key's SET NX and
 * pub/sub handed straight to the waterfall, and an audit trail that records its events. The real
 * stores are exercised by tests/integration/waterfall.test.ts; this one needs a write that has not
 * landed yet, which no real store can be made to hold.
 */
function fakeApp() {
  const stored: StageDoc[] = [];
  let hold: Promise<void> = Promise.resolve();
  let release: () => void = () => undefined;
  const keys = new Map<string, string>();
  const audit: { kind: string; body: Record<string, unknown> }[] = [];
  let waterfall: Waterfall | null = null;
  const app = {
    mongo: {
      collection: () => ({
        find: (q: { transactionId: number }) => ({
          toArray: async () => stored.filter((d) => d.transactionId === q.transactionId),
        }),
        insertMany: async (docs: StageDoc[]) => {
          await hold;
          stored.push(...docs);
        },
      }),
    },
    redis: {
      set: async (k: string, v: string, _px: string, _ttl: number, _nx: string) => {
        if (keys.has(k)) return null;
        keys.set(k, v);
        return 'OK';
      },
      get: async (k: string) => keys.get(k) ?? null,
      publish: async (_channel: string, raw: string) => waterfall?.onCancel(raw),
    },
    auditTrail: {
      event: async (kind: string, body: Record<string, unknown>) => void audit.push({ kind, body }),
    },
    subjects: subjects('t1'),
    log: { warn: () => undefined },
    hubMetrics: { recordFailures: { labels: () => ({ inc: () => undefined }) } },
  } as unknown as FastifyInstance;
  const holdWrites = () => {
    hold = new Promise((r) => {
      release = r;
    });
  };
  return {
    app,
    stored,
    audit,
    holdWrites,
    releaseWrites: () => release(),
    attach: (w: Waterfall) => {
      waterfall = w;
    },
  };
}

const carla: Caller = {
  userId: '2',
  email: 'carla@console.test',
  name: 'Carla Cancel',
  roles: ['dev'],
  sessionId: 's',
};
const sam: Caller = { ...carla, userId: '1', email: 'sam@console.test', name: 'Sam Support' };

describe('cancelling an action', () => {
  it('works before its first stage is stored: the running action stops waiting and the cancel is recorded', async () => {
    const f = fakeApp();
    const w = new Waterfall(f.app, 't1');
    f.attach(w);
    f.holdWrites();
    const flight = w.begin({
      transactionId: 41,
      correlationId: 'cid-41',
      hubId: 9,
      action: 'Feature Write',
      caller: sam,
    });
    const accepted = flight.record('accepted', 'accepted');
    expect(f.stored).toEqual([]);

    // The cancel finds no stored stage; its own stage waits in the same queue as the first one.
    const cancelling = w.cancel(41, carla);
    await new Promise((r) => setTimeout(r, 20));
    expect(f.stored).toEqual([]);
    f.releaseWrites();
    const { first, by } = await cancelling;
    await accepted;
    expect(first).toEqual({
      transactionId: 41,
      correlationId: 'cid-41',
      hubId: 9,
      action: 'Feature Write',
      staff: 'Sam Support',
    });
    expect(by.name).toBe('Carla Cancel');
    await expect(flight.cancelled).resolves.toMatchObject({ name: 'Carla Cancel' });
    expect(f.audit).toEqual([
      expect.objectContaining({
        kind: 'action-cancel',
        body: expect.objectContaining({ transactionId: 41, hubId: 9 }),
      }),
    ]);
    expect(f.stored.map((d) => [d.kind, d.label])).toEqual([
      ['accepted', 'accepted'],
      ['cancelled', 'cancelled by Carla Cancel'],
    ]);
    // A second cancel names who cancelled first.
    await expect(w.cancel(41, sam)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('answers 404 for an action neither stored nor running here, after giving another instance a moment', async () => {
    const f = fakeApp();
    const w = new Waterfall(f.app, 't1');
    f.attach(w);
    const t0 = Date.now();
    await expect(w.cancel(12345, carla)).rejects.toMatchObject({ statusCode: 404 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
  });
});
