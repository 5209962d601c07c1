/**
 * Issue 15 §1, §4: the raw channel of the engineering consoles on the gateway's /ws, against the
 * real simulator, hub-control, auth and gateway processes on one NATS. Every refusal is checked
 * where a person would notice it (the socket's raw-reply) and at the hub (nothing arrived).
 */
import { COLLECTIONS, RAW_LIMITS, RAW_TEXT, type RawChannelAudit, subjects } from '@console/contracts';
import { failure, operationClient, storedAuditEvents, testCaller } from '@console/kit/testing';
import type { Msg } from '@nats-io/nats-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HubStack,
  STAGE_DEPLOYMENT,
  STAGE_DEPLOYMENT_ENV,
  startHubStack,
} from '../support/hub-stack.ts';
import { insertPasswordCustomer, signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { envelope, WsClient } from '../support/ws-client.ts';

let stack: HubStack;
let dev: Client;
let support: Client;
let linkDirect: Client;
let audits: Msg[];
let tx = 100;

const hubOf = (i: number) => String(stack.fleet[i]?.hubId);
const auditsOf = (t: number) =>
  audits.map((m) => m.json<RawChannelAudit>()).filter((a) => a.transactionId === t);

beforeAll(async () => {
  stack = await startHubStack({
    hubs: 4,
    seed: 15,
    // The one other deployment an operator lists: the only Move Links destination besides this one.
    env: { HUB_TIMEOUT_MS: '1500', ...STAGE_DEPLOYMENT_ENV },
  });
  const admin = await signInAdmin(stack);
  dev = await staffClient(stack, admin, 'dev', 'Dee Dev');
  support = await staffClient(stack, admin, 'support', 'Sue Support');
  linkDirect = await staffClient(stack, admin, 'linkDirect', 'Lin Direct');
  audits = stack.watch(subjects(stack.prefix).audit('raw-channel'));
  await stack.waitFor(
    async () => {
      const c = await WsClient.open(stack, dev);
      const r = await c.raw(hubOf(0), envelope(++tx, 'system', 'read'));
      c.close();
      return r.outcome === 'reply';
    },
    'the simulated hubs to be online',
    { timeoutMs: 30_000 },
  );
}, 120_000);

afterAll(async () => stack?.stop());

describe('raw channel', () => {
  it('sends a dev’s envelope to a hub once and pairs the reply by transactionId, with an audit event', async () => {
    const c = await WsClient.open(stack, dev);
    const t = ++tx;
    const reply = await c.raw(hubOf(1), envelope(t, 'system', 'read'));
    expect(reply).toMatchObject({ outcome: 'reply', to: hubOf(1), transactionId: t });
    const message = reply.message as {
      transactionId: number;
      direction: string;
      items: { payload: object }[];
    };
    expect(message).toMatchObject({ transactionId: t, direction: 'response', senderId: hubOf(1) });
    expect(message.items[0]?.payload).toMatchObject({ handlerId: expect.stringContaining(hubOf(1)) });
    await stack.waitFor(() => auditsOf(t).length === 1, 'the audit event');
    expect(auditsOf(t)[0]).toMatchObject({
      kind: 'raw-channel',
      staff: { name: 'Dee Dev' },
      target: hubOf(1),
      class: 'system',
      operation: 'read',
      outcome: 'reply',
    });
    c.close();
  });

  it('refuses a role without the operation, at the gateway and again at hub-control, and audits the refusal', async () => {
    const hubSaw = stack.watch(subjects(stack.prefix).hubMsgAll(hubOf(2)));
    const s = await WsClient.open(stack, support);
    const t = ++tx;
    expect(await s.raw(hubOf(2), envelope(t, 'system', 'read'))).toMatchObject({
      outcome: 'refused',
      statusCode: 403,
      error: RAW_TEXT.role,
    });
    // Refused by the gateway: never sent, but audited there, naming who tried what.
    await stack.waitFor(() => auditsOf(t).length === 1, 'the gateway refusal’s audit event');
    expect(auditsOf(t)[0]).toMatchObject({
      outcome: 'refused',
      statusCode: 403,
      staff: { name: 'Sue Support' },
      target: hubOf(2),
      class: 'system',
      operation: 'read',
    });
    // Link Direct may use its own operation, not a hub directly.
    const l = await WsClient.open(stack, linkDirect);
    expect(await l.raw(hubOf(2), envelope(++tx, 'system', 'read'))).toMatchObject({ statusCode: 403 });
    const wrapped = ++tx;
    const direct = await l.raw(
      'server',
      envelope(wrapped, 'linkDirect', 'send', {
        linkId: Number(hubOf(2)),
        message: envelope(wrapped, 'system', 'read'),
      }),
    );
    expect(direct).toMatchObject({ outcome: 'reply', transactionId: wrapped });
    expect(
      (direct.message as { items: { payload: { reply: object } }[] }).items[0]?.payload.reply,
    ).toMatchObject({
      transactionId: wrapped,
      senderId: hubOf(2),
    });
    // Past the gateway (a caller it would have stopped), hub-control refuses too, and says so in the audit.
    const call = operationClient(stack.nc, stack.prefix);
    const viaBroker = ++tx;
    const refused = failure(
      await call('hub-control.rawSend', {
        caller: testCaller(['linkDirect'], 'Lin Direct'),
        body: { to: hubOf(2), message: envelope(viaBroker, 'system', 'read') },
      }),
    );
    expect(refused).toMatchObject({ statusCode: 403, message: RAW_TEXT.role });
    await stack.waitFor(() => auditsOf(viaBroker).length === 1, 'the refusal’s audit event');
    expect(auditsOf(viaBroker)[0]).toMatchObject({ outcome: 'refused', statusCode: 403 });
    // Only the Link Direct message reached the hub (request and response).
    await stack.waitFor(() => hubSaw.length >= 2, 'the link direct message at the hub');
    expect(hubSaw.map((m) => m.json<{ transactionId: number }>().transactionId)).toEqual([wrapped, wrapped]);
    s.close();
    l.close();
  });

  it('refuses a bad envelope with a clear error, and an oversize message, before anything is sent, and audits each', async () => {
    const c = await WsClient.open(stack, dev);
    const bad = { ...envelope(++tx, 'system', 'read'), transactionId: 'seven' };
    let from = c.frames.length;
    c.send({ type: 'raw', to: hubOf(0), message: bad });
    const badReply = await c.next((f) => f.type === 'raw-reply', 'the refusal', from);
    expect(badReply).toMatchObject({ outcome: 'refused', statusCode: 400 });
    expect(badReply.error).toMatch(/^Not a valid raw frame: \/message\/transactionId Expected integer/);

    from = c.frames.length;
    c.send({ type: 'raw', to: hubOf(0), message: { ...envelope(++tx, 'system', 'read'), class: 'sys.tem' } });
    expect((await c.next((f) => f.type === 'raw-reply', 'the refusal', from)).error).toMatch(
      /\/message\/class/,
    );

    const big = envelope(++tx, 'system', 'read', { blob: 'x'.repeat(RAW_LIMITS.maxBytes) });
    const bigReply = await c.raw(hubOf(0), big);
    expect(bigReply).toMatchObject({ outcome: 'refused', statusCode: 413 });
    expect(bigReply.error).toMatch(
      /^That message is \d+ bytes; the raw channel takes at most 16384 bytes\.$/,
    );
    // Issue 29 §6: refused and oversized frames are in the audit, with who, what and why.
    await stack.waitFor(() => auditsOf(tx).length === 1, 'the oversized frame’s audit event');
    expect(auditsOf(tx)[0]).toMatchObject({
      staff: { name: 'Dee Dev' },
      target: hubOf(0),
      class: 'system',
      operation: 'read',
      outcome: 'refused',
      statusCode: 413,
      detail: { error: bigReply.error },
    });
    await stack.waitFor(() => auditsOf(tx - 1).length === 1, 'the bad class’s audit event');
    expect(auditsOf(tx - 1)[0]).toMatchObject({ outcome: 'refused', statusCode: 400 });
    c.close();
  });

  it('reports a hub that does not answer in time as outcome unknown, and never sends it twice', async () => {
    const hub = hubOf(3);
    const seen = stack.watch(subjects(stack.prefix).hubMsg(hub, 'request', 'system', 'read'));
    await stack.simControl('slow', { hubId: Number(hub), delayMs: 4000 });
    const c = await WsClient.open(stack, dev);
    const t = ++tx;
    const reply = await c.raw(hub, envelope(t, 'system', 'read'));
    expect(reply).toMatchObject({ outcome: 'timeout', transactionId: t, error: RAW_TEXT.timeout });
    await new Promise((r) => setTimeout(r, 3000));
    expect(seen.filter((m) => m.json<{ transactionId: number }>().transactionId === t)).toHaveLength(1);
    await stack.simControl('slow', { hubId: Number(hub), delayMs: 0 });
    c.close();
  });

  it('limits raw messages per socket and per user, with a 429 that says which', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => WsClient.open(stack, dev)));
    if (!a || !b || !c) throw new Error('sockets');
    const burst = (ws: WsClient, n: number) => {
      for (let i = 0; i < n; i++)
        ws.send({ type: 'raw', to: 'server', message: envelope(++tx, 'server', 'authenticate') });
    };
    // One socket over its own burst, and the same user's sockets together over the user's.
    burst(a, RAW_LIMITS.perSocketBurst + 1);
    burst(b, RAW_LIMITS.perSocketBurst);
    burst(c, 10);
    const errors = () =>
      [a, b, c].flatMap((ws) => ws.frames.filter((f) => f.statusCode === 429).map((f) => f.error));
    await stack.waitFor(() => errors().length >= 2, 'socket and user refusals');
    expect(a.frames.filter((f) => f.statusCode === 429).map((f) => f.error)).toContain(
      RAW_TEXT.tooFastSocket(RAW_LIMITS.perSocketPerSecond),
    );
    expect(errors()).toContain(RAW_TEXT.tooFastUser(RAW_LIMITS.perUserPerSecond));
    // Someone else is not limited by it.
    const other = await WsClient.open(stack, linkDirect);
    expect(await other.raw('server', envelope(++tx, 'server', 'authenticate'))).toMatchObject({
      outcome: 'reply',
    });
    for (const ws of [a, b, c, other]) ws.close();
    // The tests after this one use the same dev: let the user's bucket fill again (burst / rate),
    // or their first messages would be refused as too fast.
    await new Promise((r) =>
      setTimeout(r, (1000 * RAW_LIMITS.perUserBurst) / RAW_LIMITS.perUserPerSecond + 250),
    );
  });
});

describe('server operations and Move Links', () => {
  it('stores a firmware fragment (DB) only with manufacturerCode, version and productCode', async () => {
    const c = await WsClient.open(stack, dev);
    const fragment = { fragmentIndex: 0, fragmentCount: 2, fragmentData: 'x'.repeat(100) };
    expect(await c.raw('server', envelope(++tx, 'firmware', 'add', fragment))).toMatchObject({
      outcome: 'refused',
      statusCode: 400,
      error: RAW_TEXT.firmwareHeader,
    });
    const header = { manufacturerCode: 'LW', version: '3.38.1', productCode: 'L2', deviceType: 'link2' };
    const stored = await c.raw('server', envelope(++tx, 'firmware', 'add', { ...header, ...fragment }));
    expect(stored).toMatchObject({ outcome: 'reply' });
    const docs = await stack.mongo.db.collection('firmwarefragments').find({ version: '3.38.1' }).toArray();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      productCode: 'L2',
      fragmentIndex: 0,
      fragmentCount: 2,
      data: fragment.fragmentData,
    });
    c.close();
  });

  it('subscribes a channel to one hub, or to all, and unsubscribes it again', async () => {
    const c = await WsClient.open(stack, dev);
    const other = await WsClient.open(stack, dev);
    const eventsOn = (topic: string) =>
      c.frames.flatMap((f) =>
        f.type === 'events' && f.topic === topic ? (f.events as { data: { transactionId: number } }[]) : [],
      );
    const subscribed = ++tx;
    expect(
      await c.raw('server', envelope(subscribed, 'channels', 'subscribe', { linkId: Number(hubOf(1)) })),
    ).toMatchObject({
      outcome: 'reply',
    });
    const subscribedAll = ++tx;
    expect(await c.raw('server', envelope(subscribedAll, 'channels', 'subscribe-all'))).toMatchObject({
      outcome: 'reply',
    });
    const t = ++tx;
    await other.raw(hubOf(1), envelope(t, 'system', 'read'));
    const u = ++tx;
    await other.raw(hubOf(0), envelope(u, 'system', 'read'));
    await stack.waitFor(
      () => eventsOn('hubs').filter((e) => e.data.transactionId === u).length === 2,
      'hub 0’s request and response on the all-hubs topic',
    );
    expect(eventsOn(`hub:${hubOf(1)}`).filter((e) => e.data.transactionId === t)).toHaveLength(2);
    expect(eventsOn(`hub:${hubOf(1)}`).filter((e) => e.data.transactionId === u)).toHaveLength(0);
    await c.raw('server', envelope(++tx, 'channels', 'unsubscribe-all'));
    await c.raw('server', envelope(++tx, 'channels', 'unsubscribe', { linkId: Number(hubOf(1)) }));
    // Each channel operation is audited with who, which hub (or all) and the outcome (issue 29 §6).
    const linkId = hubOf(1);
    const expected = [
      [subscribed, 'subscribe', { linkId }],
      [subscribedAll, 'subscribe-all', { hubs: 'all' }],
      [tx - 1, 'unsubscribe-all', { hubs: 'all' }],
      [tx, 'unsubscribe', { linkId }],
    ] as const;
    await stack.waitFor(() => expected.every(([n]) => auditsOf(n).length === 1), 'the channel audits');
    for (const [n, operation, detail] of expected)
      expect(auditsOf(n)[0]).toMatchObject({
        staff: { name: 'Dee Dev' },
        target: 'server',
        class: 'channels',
        operation,
        outcome: 'reply',
        detail,
      });
    const before = c.frames.length;
    await other.raw(hubOf(1), envelope(++tx, 'system', 'read'));
    await new Promise((r) => setTimeout(r, 500));
    expect(c.frames.slice(before).filter((f) => f.type === 'events')).toEqual([]);
    c.close();
    other.close();
  });

  it('answers the Automation Check: a link’s automation list, then each one read', async () => {
    const hub = stack.fleet.find((h) => (h.automations?.length ?? 0) > 0);
    if (!hub) throw new Error('no hub with automations');
    const c = await WsClient.open(stack, dev);
    const list = await c.raw(String(hub.hubId), envelope(++tx, 'automation', 'list'));
    type A = { automationId: string; name: string };
    const automations = (list.message as { items: { payload: { automations: A[] } }[] }).items[0]?.payload
      .automations;
    expect(automations).toEqual(
      hub.automations?.map(({ automationId, name, category, active }) => ({
        automationId,
        name,
        category,
        active,
      })),
    );
    const first = automations?.[0] as A;
    const read = await c.raw(
      String(hub.hubId),
      envelope(++tx, 'automation', 'read', { automationId: first.automationId }),
    );
    expect((read.message as { items: { payload: object; success: boolean }[] }).items[0]).toMatchObject({
      success: true,
      payload: {
        automationId: first.automationId,
        name: first.name,
        script: hub.automations?.find((a) => a.automationId === first.automationId)?.script,
      },
    });
    c.close();
  });

  it('offers the deployments of its configuration, this one first, to dev only', async () => {
    const listed = await dev.call('GET', '/api/engineering/deployments');
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({
      deployments: [
        {
          label: 'this console',
          webSocketHost: 'localhost:4181',
          authHost: '',
          protocol: 'wss',
          current: true,
        },
        { ...STAGE_DEPLOYMENT, current: false },
      ],
    });
    expect((await support.call('GET', '/api/engineering/deployments')).status).toBe(403);
  });

  it('moves a hub: it reconnects through the destination worker, as its presence and the channel list show', async () => {
    const hub = hubOf(2);
    const presence = stack.watch(subjects(stack.prefix).hubPresence(hub));
    const c = await WsClient.open(stack, dev);
    // A destination no configuration lists is refused before anything reaches the hub.
    const received = async () =>
      ((await stack.simControl('state', { hubId: Number(hub) })) as { received: number }).received;
    const before = await received();
    expect(
      await c.raw(hub, envelope(++tx, 'system', 'move', { server: 'elsewhere.example:4181' })),
    ).toMatchObject({
      outcome: 'refused',
      statusCode: 400,
      error: RAW_TEXT.unknownDestination('elsewhere.example:4181'),
    });
    expect(await received()).toBe(before);
    const moved = await c.raw(
      hub,
      envelope(++tx, 'system', 'move', { server: STAGE_DEPLOYMENT.webSocketHost }),
    );
    expect(moved).toMatchObject({ outcome: 'reply' });
    type P = { connected: boolean; workerId: string; reason: string };
    await stack.waitFor(
      () =>
        presence.some(
          (m) => m.json<P>().connected && m.json<P>().workerId === STAGE_DEPLOYMENT.webSocketHost,
        ),
      'the hub back through the destination worker',
    );
    const seen = presence.map((m) => m.json<P>());
    expect(seen.find((p) => !p.connected)?.reason).toBe('move');
    await stack.waitFor(async () => {
      const list = await c.raw('server', envelope(++tx, 'channels', 'get', { linkId: Number(hub) }));
      const channel = (list.message as { items: { payload: { channel?: P } }[] } | undefined)?.items[0]
        ?.payload.channel;
      return channel?.workerId === STAGE_DEPLOYMENT.webSocketHost;
    }, 'the channel showing its new worker');
    c.close();
  });
});

describe('a raw-channel flood', () => {
  it('is cut by the rate limit (10,000 messages in a second) while another user’s live monitor keeps every event', async () => {
    const hub = hubOf(0);
    const monitor = await WsClient.open(stack, support);
    const topic = `hub:${hub}`;
    monitor.send({ type: 'subscribe', topic });
    await monitor.next((f) => f.type === 'subscribed' && f.topic === topic, 'the monitor subscribed');
    const events = () =>
      monitor.frames.flatMap((f) =>
        f.type === 'events' && f.topic === topic ? (f.events as { data: { seq?: number } }[]) : [],
      );

    const flooder = await WsClient.open(stack, dev);
    const first = tx + 1;
    const s = subjects(stack.prefix);
    let seq = 0;
    const ticker = setInterval(() => {
      seq += 1;
      const body = { version: '1.0', transactionId: seq, senderId: hub, direction: 'notification' };
      stack.nc.publish(
        s.hubMsg(hub, 'notification', 'log', 'add'),
        JSON.stringify({ ...body, class: 'log', operation: 'add', items: [], seq }),
      );
    }, 10);
    // One synchronous loop: the 10,000 frames leave within a few milliseconds, well inside a second.
    for (let i = 0; i < 10_000; i++)
      flooder.send({ type: 'raw', to: 'server', message: envelope(++tx, 'server', 'authenticate') });
    await stack.waitFor(() => flooder.closed !== null, 'the flooding socket to be cut');
    await new Promise((r) => setTimeout(r, 500));
    clearInterval(ticker);
    const published = seq;
    await stack.waitFor(
      () => events().filter((e) => e.data?.seq !== undefined).length >= published,
      'every monitor event',
    );

    expect(flooder.closed?.code).toBe(4029);
    const reached = audits.filter((m) => m.json<RawChannelAudit>().transactionId >= first).length;
    expect(reached).toBeLessThanOrEqual(RAW_LIMITS.perSocketBurst + 5);
    // The cut itself is audited (issue 29 §6), once a second at most, not once per dropped frame.
    const cuts = audits
      .map((m) => m.json<RawChannelAudit>())
      .filter((a) => a.transactionId >= first && a.statusCode === 429);
    expect(cuts.length).toBeGreaterThanOrEqual(1);
    expect(cuts.length).toBeLessThanOrEqual(3);
    expect(cuts[0]).toMatchObject({ staff: { name: 'Dee Dev' }, outcome: 'refused', class: 'server' });
    const seqs = events()
      .map((e) => e.data?.seq)
      .filter((n) => n !== undefined);
    expect(seqs).toEqual(Array.from({ length: published }, (_, i) => i + 1));
    expect(monitor.closed).toBeNull();
    monitor.close();
  });
});

describe('Link2: the browser as a hub', () => {
  it('announces a live hub, hands it commands from another console and returns its reply', async () => {
    const page = await WsClient.open(stack, dev);
    page.send({ type: 'link2-open', firmwareVersion: '0.0.42', configNumber: 1, factoryConfig: 1 });
    const opened = await page.next((f) => f.type === 'link2-opened', 'link2 opened');
    const hubId = String(opened.hubId);
    const presence = stack.watch(subjects(stack.prefix).hubPresence(hubId));

    const admin = await WsClient.open(stack, dev);
    await stack.waitFor(async () => {
      const list = await admin.raw('server', envelope(++tx, 'channels', 'list'));
      const channels = (list.message as { items: { payload: { channels: { hubId: number }[] } }[] }).items[0]
        ?.payload.channels;
      return channels?.some((ch) => String(ch.hubId) === hubId) ?? false;
    }, 'the Link2 hub in the channel list');

    const t = ++tx;
    const from = admin.frames.length;
    admin.send({ type: 'raw', to: hubId, message: envelope(t, 'system', 'read') });
    const arrived = await page.next((f) => f.type === 'link2-request', 'the command on the page');
    expect(arrived.message).toMatchObject({ transactionId: t, class: 'system', operation: 'read' });
    page.send({
      type: 'link2-send',
      message: {
        version: '1.0',
        transactionId: t,
        senderId: hubId,
        direction: 'response',
        class: 'system',
        operation: 'read',
        items: [{ itemId: 0, success: true, payload: { firmwareVersion: '0.0.42', configNumber: 1 } }],
      },
    });
    const reply = await admin.next((f) => f.type === 'raw-reply' && f.transactionId === t, 'the reply', from);
    expect(reply).toMatchObject({ outcome: 'reply', message: { senderId: hubId, transactionId: t } });

    // A second open on the same socket is refused; a send before any request is refused too.
    page.send({ type: 'link2-open', firmwareVersion: '0.0.42', configNumber: 1, factoryConfig: 1 });
    await page.next((f) => f.type === 'raw-reply' && f.statusCode === 409, 'the second open refused');

    page.close();
    await stack.waitFor(
      () => presence.some((m) => m.json<{ connected: boolean }>().connected === false),
      'the Link2 hub gone offline',
    );
    admin.close();

    // The page's session is in the audit (issue 29 §6): open, its send, the refused second open, close.
    const target = `link2:${hubId}`;
    const session = () => audits.map((m) => m.json<RawChannelAudit>()).filter((a) => a.target === target);
    await stack.waitFor(() => session().length === 3, 'the Link2 page’s audit events');
    expect(session()).toMatchObject([
      { staff: { name: 'Dee Dev' }, class: 'link2', operation: 'open', outcome: 'reply' },
      { class: 'system', operation: 'read', direction: 'response', transactionId: t, outcome: 'reply' },
      { class: 'link2', operation: 'close', outcome: 'reply', detail: { reason: 'disconnect' } },
    ]);
    const refusedOpen = audits
      .map((m) => m.json<RawChannelAudit>())
      .filter((a) => a.class === 'link2-open' && a.statusCode === 409 && a.staff.name === 'Dee Dev');
    expect(refusedOpen).toHaveLength(1);
    // And they are stored: read back from the AUDIT stream, not only heard on the subject.
    const stored = (await storedAuditEvents<RawChannelAudit>(stack.nc, stack.prefix, 'raw-channel')).filter(
      (e) => e.target === target,
    );
    expect(stored.map((e) => e.operation)).toEqual(['open', 'read', 'close']);
  });
});

describe('user channel (/socket-users)', () => {
  it('speaks as the customer of an authenticated token: their hierarchy, their hubs only, audited with the customer', async () => {
    // A customer whose one structure holds the first simulated hub, with a device and a feature.
    const customer = await insertPasswordCustomer(stack.mongo.db, stack, 'uc', 'user-channel-1');
    const hub = Number(hubOf(0));
    const rootGroupId = `9001-${customer.userId}`;
    await stack.mongo.db
      .collection(COLLECTIONS.users)
      .insertOne({ ...customer, rootGroupIds: [rootGroupId] });
    await stack.mongo.db.collection(COLLECTIONS.structures).insertOne({
      rootGroupId,
      name: 'Test home',
      link2: [hub],
      devices: {
        'dev-1': { deviceId: 'dev-1', name: 'Lamp', productCode: 'L42', linkId: hub, featureIds: ['f-1'] },
      },
      features: {
        'f-1': { featureId: 'f-1', name: 'Switch', deviceId: 'dev-1', attributes: { type: 'switch' } },
      },
      userRootAccess: [{ userId: customer.userId, levels: ['owner'], createdDate: new Date() }],
    });
    const login = await dev.call('POST', '/api/impersonate-user/login-as', {
      email: customer.email,
      reason: 'User channel integration test',
    });
    expect(login.status).toBe(200);
    const token = (login.json as { token: string }).token;

    const c = await WsClient.open(stack, dev);
    // A bad token is refused; nothing is sent as anyone.
    c.send({ type: 'user-auth', token: `${token.slice(0, -4)}AAAA` });
    expect(await c.next((f) => f.type === 'raw-reply', 'the refusal')).toMatchObject({
      outcome: 'refused',
      statusCode: 401,
      error: RAW_TEXT.userAuthFailed,
    });
    await stack.waitFor(
      () =>
        audits
          .map((m) => m.json<RawChannelAudit>())
          .some((a) => a.class === 'user' && a.operation === 'auth' && a.staff.name === 'Dee Dev'),
      'the failed customer token’s audit event',
    );
    const from = c.frames.length;
    c.send({ type: 'user-auth', token });
    expect(await c.next((f) => f.type === 'user-authed', 'authed', from)).toMatchObject({
      userId: customer.userId,
      email: customer.email,
    });

    const h = ++tx;
    const hierarchy = await c.raw('server', envelope(h, 'user', 'hierarchy'));
    expect(hierarchy).toMatchObject({ outcome: 'reply', transactionId: h });
    expect((hierarchy.message as { items: { payload: unknown }[] }).items[0]?.payload).toMatchObject({
      userId: customer.userId,
      structures: [
        { rootGroupId, hubs: [hub], levels: ['owner'], features: [{ featureId: 'f-1', type: 'switch' }] },
      ],
    });

    // A message naming the customer's link goes to that hub; another customer's link is refused.
    const mine = ++tx;
    expect(await c.raw('server', envelope(mine, 'system', 'read', { linkId: hub }))).toMatchObject({
      outcome: 'reply',
      message: { senderId: String(hub), transactionId: mine },
    });
    const hubSaw = stack.watch(subjects(stack.prefix).hubMsgAll(hubOf(1)));
    const theirs = ++tx;
    expect(
      await c.raw('server', envelope(theirs, 'system', 'read', { linkId: Number(hubOf(1)) })),
    ).toMatchObject({
      outcome: 'refused',
      statusCode: 403,
      error: RAW_TEXT.notUsers,
    });
    expect(
      await c.raw('server', envelope(++tx, 'feature', 'read', { featureId: 'someone-else' })),
    ).toMatchObject({
      statusCode: 403,
    });
    expect(await c.raw('server', envelope(++tx, 'feature', 'read', {}))).toMatchObject({
      statusCode: 400,
      error: RAW_TEXT.noTarget,
    });
    await stack.waitFor(() => auditsOf(theirs).length === 1, 'the refusal’s audit event');
    expect(auditsOf(theirs)[0]).toMatchObject({
      outcome: 'refused',
      staff: { name: 'Dee Dev' },
      customer: { userId: customer.userId, email: customer.email },
    });
    expect(auditsOf(mine)[0]).toMatchObject({ outcome: 'reply', customer: { userId: customer.userId } });
    expect(hubSaw).toHaveLength(0);

    // user-close: the socket is the engineer's again (channel operations answered by the gateway).
    const closedAt = c.frames.length;
    c.send({ type: 'user-close' });
    await c.next((f) => f.type === 'user-closed', 'closed', closedAt);
    expect(await c.raw('server', envelope(++tx, 'user', 'hierarchy'))).toMatchObject({ statusCode: 404 });
    c.close();
  });

  it('takes a user channel token only from dev', async () => {
    const s = await WsClient.open(stack, support);
    s.send({ type: 'user-auth', token: 'x.y.z' });
    expect(await s.next((f) => f.type === 'raw-reply', 'the refusal')).toMatchObject({ statusCode: 403 });
    s.close();
  });
});
