import type { FleetCounts, FleetSample } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import type { Msg } from '@nats-io/nats-core';
import { describe, expect, it } from 'vitest';
import { LiveClient, startLiveStack, until } from './live-helpers.ts';

// Issue 33: the fleet lens on /ws. An expression is compiled and cost-checked before anything
// runs (a 400 that says where), counts are exact, samples keep to their budget (the rest counted
// as shed), a look-back reads the kept history up to where the live messages begin, and every
// query is audited.
const s = useSuite(() => startLiveStack({ FLEET_SAMPLES_PER_SECOND: '5', FLEET_MAX_COST: '5000' }));

const ERRORS = "msg.class == 'feature' && msg.operation == 'event' && msg.items.exists(i, has(i.error))";

function counts(c: LiveClient, topic: string): FleetCounts[] {
  return c
    .events(topic)
    .filter((e) => e.kind === 'counts')
    .map((e) => e.data as FleetCounts);
}
const latest = (c: LiveClient, topic: string) => counts(c, topic).at(-1);
const samples = (c: LiveClient, topic: string) =>
  c.events(topic).filter((e) => e.kind === 'message') as FleetSample[];

/** A feature event from `hubId`, with an error item when `code` is given. */
function featureEvent(hubId: string, code?: string) {
  const item = code
    ? { itemId: 1, payload: {}, success: false, error: { code } }
    : { itemId: 1, payload: {} };
  s.hubMsg(hubId, 'notification', 'feature', 'event', {
    items: [item],
    hubId: Number(hubId),
    clientType: 'link2',
    at: Date.now(),
  });
}

describe('a fleet query that cannot run', () => {
  it('is a 400 that says what is wrong and where: syntax, unknown names, cost', async () => {
    const c = await LiveClient.open(s.url, await s.cookie(['support']));
    const syntax = await c.subscribe('fleet:a', { query: { expression: "msg.class == 'feature' &&" } });
    expect(syntax).toMatchObject({ type: 'error', statusCode: 400, position: { line: 1 } });
    expect(syntax.type === 'error' && syntax.message).toMatch(/line 1, column \d+/);

    const name = await c.subscribe('fleet:b', { query: { expression: "hub.id == 1 || msg.class == 'x'" } });
    expect(name).toMatchObject({
      type: 'error',
      statusCode: 400,
      position: { line: 1, column: 1, offset: 0 },
    });

    // A comprehension over every item inside another over every item: 100 × 100 assumed elements.
    const costly = 'msg.items.exists(a, msg.items.exists(b, msg.items.exists(c, a == c)))';
    const tooCostly = await c.subscribe('fleet:c', { query: { expression: costly } });
    expect(tooCostly).toMatchObject({ type: 'error', statusCode: 400 });
    expect(tooCostly.type === 'error' && tooCostly.message).toMatch(/too costly.*limit 5000/);
    expect(tooCostly.type === 'error' && tooCostly.position?.offset).toBeGreaterThanOrEqual(0);

    const noQuery = await c.subscribe('fleet:d');
    expect(noQuery).toMatchObject({ type: 'error', statusCode: 400, message: /needs a query/ });
    expect(await s.metric('console_fleet_queries')).toBe(0);
    c.close();
  });

  it('is refused to a role other than support or dev (403)', async () => {
    const c = await LiveClient.open(s.url, await s.cookie(['data']));
    expect(await c.subscribe('fleet:x', { query: { expression: 'true' } })).toMatchObject({
      type: 'error',
      statusCode: 403,
    });
    c.close();
  });
});

describe('a running fleet query', () => {
  it('counts every match exactly, ranks the hubs, and samples within its budget (the rest shed)', async () => {
    const audits: Msg[] = [];
    const sub = s.nc.subscribe(`${s.prefix}.audit.fleet-query`, {
      callback: (_e, m) => {
        audits.push(m);
      },
    });
    const c = await LiveClient.open(s.url, await s.cookie(['support']));
    expect(await c.subscribe('fleet:errors', { query: { expression: ERRORS } })).toMatchObject({
      type: 'subscribed',
    });
    await until(() => latest(c, 'fleet:errors') !== undefined, 'the first counts');
    // 12 errors from hub 101, 6 from 102, 2 from 103; 15 feature events without an error; a log.
    for (let i = 0; i < 12; i++) featureEvent('101', 'sync');
    for (let i = 0; i < 6; i++) featureEvent('102', 'timeout');
    for (let i = 0; i < 2; i++) featureEvent('103', 'sync');
    for (let i = 0; i < 15; i++) featureEvent('104');
    s.hubMsg('105', 'notification', 'log', 'add', { items: [{ itemId: 1, payload: {}, error: 'x' }] });
    await until(() => latest(c, 'fleet:errors')?.total === 20, '20 matches counted', 5000);
    await until(() => (latest(c, 'fleet:errors')?.evaluated ?? 0) === 36, 'all 36 evaluated', 5000);
    const last = latest(c, 'fleet:errors') as FleetCounts;
    expect(last.topHubs.map((h) => [h.hubId, h.matches])).toEqual([
      [101, 12],
      [102, 6],
      [103, 2],
    ]);
    expect(last.topHubs[0]?.lastSeq).toBeGreaterThan(0);
    expect(last.streamEpoch).not.toBe('');
    // Everything stored was read: the lens is not behind.
    expect(last.lagMs).toBe(0);
    expect(last.sampled + last.shed).toBe(20);
    expect(last.shed).toBeGreaterThan(0);
    expect(samples(c, 'fleet:errors')).toHaveLength(last.sampled);
    const first = samples(c, 'fleet:errors')[0] as FleetSample;
    expect(first).toMatchObject({
      hubId: 101,
      kind: 'message',
      meta: { class: 'feature', operation: 'event' },
    });
    expect(first.seq).toBeGreaterThan(0);
    // The one query was audited with who ran what.
    await until(() => audits.length >= 1, 'the audit record');
    expect(audits[0]?.json()).toMatchObject({
      kind: 'fleet-query',
      expression: ERRORS,
      outcome: 'started',
      staff: { name: 'Tess' },
    });
    sub.unsubscribe();
    c.close();
  });

  it('is evaluated once per message however many watch it, and stops when the last one leaves', async () => {
    const running = async () => s.metric('console_fleet_queries');
    await until(async () => (await running()) === 0, 'the earlier queries to stop', 5000);
    const a = await LiveClient.open(s.url, await s.cookie(['support']));
    const b = await LiveClient.open(s.url, await s.cookie(['dev']));
    await a.subscribe('fleet:one', { query: { expression: "msg.class == 'group'" } });
    await b.subscribe('fleet:mine', { query: { expression: "msg.class == 'group'" } });
    expect(await running()).toBe(1);
    s.hubMsg('201', 'notification', 'group', 'changed', { hubId: 201 });
    await until(() => latest(a, 'fleet:one')?.total === 1, 'a sees the match');
    await until(() => latest(b, 'fleet:mine')?.total === 1, 'b sees the match');
    a.close();
    b.close();
    await until(
      async () => (await s.metric('console_fleet_queries')) === 0,
      'the query to stop (after its linger)',
      5000,
    );
  });

  it('looks back over the kept history, then goes on live, each message counted once', async () => {
    const stored = async () => (await s.jsm.streams.info(s.stream)).state.last_seq;
    const before = await stored();
    for (let i = 0; i < 7; i++) featureEvent('301', 'history');
    featureEvent('302');
    const expression = "msg.items.exists(i, has(i.error) && i.error.code == 'history')";
    // Stored before the query starts.
    await until(async () => (await stored()) >= before + 8, 'the history to be stored');
    const c = await LiveClient.open(s.url, await s.cookie(['support']));
    await c.subscribe('fleet:back', { query: { expression, lookbackMinutes: 10 } });
    await until(() => latest(c, 'fleet:back')?.history?.done === true, 'the look-back to finish', 8000);
    for (let i = 0; i < 3; i++) featureEvent('303', 'history');
    await until(() => latest(c, 'fleet:back')?.total === 10, '7 old and 3 new matches', 5000);
    const last = latest(c, 'fleet:back') as FleetCounts;
    expect(last.historyMatches).toBe(7);
    expect(last.phase).toBe('live');
    expect(counts(c, 'fleet:back').some((k) => k.phase === 'history' || k.history?.done)).toBe(true);
    expect(samples(c, 'fleet:back').filter((e) => e.fromHistory)).not.toHaveLength(0);
    c.close();
  });
});
