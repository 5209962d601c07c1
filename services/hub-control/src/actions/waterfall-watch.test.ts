import { CORRELATION_HEADERS, subjects } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Waterfall } from './waterfall.ts';

type Callback = (err: Error | null, m: { subject: string; headers?: { get(k: string): string } }) => void;

/** Just enough of the app for `watch`: a NATS connection that records its subscriptions. */
function fakeApp() {
  const subs: { subject: string; callback: Callback; open: boolean }[] = [];
  const app = {
    redis: {},
    mongo: { collection: () => ({}) },
    subjects: subjects('t1'),
    nats: {
      subscribe(subject: string, o: { callback: Callback }) {
        const s = { subject, callback: o.callback, open: true };
        subs.push(s);
        return {
          unsubscribe: () => {
            s.open = false;
          },
        };
      },
    },
  } as unknown as FastifyInstance;
  const deliver = (subject: string, cid?: string) => {
    for (const s of subs.filter((x) => x.open && x.subject === `t1.hub.7.msg.notification.>`))
      s.callback(null, {
        subject,
        ...(cid ? { headers: { get: (k: string) => (k === CORRELATION_HEADERS.id ? cid : '') } } : {}),
      });
  };
  return { app, subs, deliver };
}

describe('watching a hub for the notifications of its actions', () => {
  it('shares one subscription per hub, hands each notification to its own action, and closes after the last', () => {
    const { app, subs, deliver } = fakeApp();
    const w = new Waterfall(app, 't1', 0);
    const a: string[] = [];
    const b: string[] = [];
    const stopA = w.watch(7, 'cid-a', (l) => a.push(l));
    const stopB = w.watch(7, 'cid-b', (l) => b.push(l));
    expect(subs.map((s) => s.subject)).toEqual(['t1.hub.7.msg.notification.>']);
    expect(w.watchedHubs).toBe(1);

    deliver('t1.hub.7.msg.notification.feature.event', 'cid-a');
    deliver('t1.hub.7.msg.notification.device.added', 'cid-b');
    deliver('t1.hub.7.msg.notification.feature.event', 'someone-else');
    deliver('t1.hub.7.msg.notification.feature.event');
    expect(a).toEqual(['feature.event']);
    expect(b).toEqual(['device.added']);

    stopA();
    deliver('t1.hub.7.msg.notification.feature.event', 'cid-a');
    expect(a).toEqual(['feature.event']);
    expect(subs[0]?.open).toBe(true);
    stopB();
    expect(subs[0]?.open).toBe(false);
    expect(w.watchedHubs).toBe(0);

    // A later action on the hub opens a fresh subscription.
    const stopC = w.watch(7, 'cid-c', () => undefined);
    expect(subs.filter((s) => s.open)).toHaveLength(1);
    stopC();
    stopC();
    expect(subs.filter((s) => s.open)).toHaveLength(0);
  });
});
