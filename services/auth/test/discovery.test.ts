import { authOperations, customerAuthOperations, operationName, thingOperations } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { startAuth } from './harness.ts';

const decoder = new TextDecoder();

const h = useSuite(() => startAuth());

/**
 * Collects the answers of this test's services to a $SRV request, as `nats micro ls` does: until
 * `want` of them have answered (other test files' services on the shared NATS answer too, and a
 * loaded machine can be slow), or 5 s.
 */
async function ask(subject: string, want = 1): Promise<Record<string, unknown>[]> {
  const inbox = `_INBOX.${h.prefix}.${Math.random().toString(36).slice(2)}`;
  const sub = h.nc.subscribe(inbox);
  const out: Record<string, unknown>[] = [];
  const ours = () =>
    out.filter((i) => (i.metadata as Record<string, string> | undefined)?.prefix === h.prefix);
  const done = (async () => {
    for await (const m of sub) out.push(JSON.parse(decoder.decode(m.data)));
  })();
  h.nc.publish(subject, new Uint8Array(), { reply: inbox });
  const deadline = Date.now() + 5000;
  while (ours().length < want && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // A little longer, so that an extra answer (a count that is too high) would be seen too.
  await new Promise((r) => setTimeout(r, 200));
  sub.unsubscribe();
  await done;
  return ours();
}

describe('NATS service discovery', () => {
  it('lists every auth operation as an endpoint in the auth queue group', async () => {
    const [info] = await ask('$SRV.INFO.auth');
    expect(info).toMatchObject({ name: 'auth' });
    const endpoints = info?.endpoints as { name: string; subject: string; queue_group: string }[];
    const expected = [...authOperations, ...thingOperations, ...customerAuthOperations]
      .map((o) => operationName(o))
      .sort();
    expect(endpoints.map((e) => e.name).sort()).toEqual(expected);
    for (const e of endpoints) {
      expect(e.subject).toBe(`${h.prefix}.api.auth.${e.name}`);
      expect(e.queue_group).toBe('auth');
    }
  });

  it('shows a second instance as a second service, sharing the requests', async () => {
    await h.another();
    // The new instance registers its service a moment after it starts: ask again until it answers.
    let ids = new Set<unknown>();
    for (let i = 0; i < 4 && ids.size < 2; i++)
      ids = new Set((await ask('$SRV.PING.auth', 2)).map((p) => p.id));
    expect(ids.size).toBe(2);
  });
});
