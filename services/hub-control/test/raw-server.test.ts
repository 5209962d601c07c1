/**
 * The admin channel's server templates (seed 002 §2 /sockets-admin): FM Release, FM Running State,
 * List All Channels, Stream Objects Active, Cache State, Stats and Ban Host, through
 * `hub-control.rawSend` as the gateway sends it, answered from real state: the simulator's hubs,
 * the hub stream, Redis and the stored firmware fragments.
 */
import {
  COLLECTIONS,
  HUB_PROTOCOL_VERSION,
  type HubMessage,
  RAW_SERVER_TARGET,
  RAW_TEXT,
  type RawChannelAudit,
  type RawSendResult,
} from '@console/contracts';
import { data, failure, operationClient, useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { startHubControl } from './harness.ts';

const h = useSuite(() => startHubControl());
let tx = 1;

const envelope = (cls: string, operation: string, payload: Record<string, unknown> = {}) => ({
  version: HUB_PROTOCOL_VERSION,
  transactionId: ++tx,
  senderId: 'admin.test',
  direction: 'request' as const,
  class: cls,
  operation,
  items: [{ itemId: 0, payload }],
});

/** A server template sent by a dev from `ip`; the payload of the server's answer. */
async function server(
  cls: string,
  operation: string,
  payload: Record<string, unknown> = {},
  ip = '192.0.2.1',
) {
  const call = operationClient(h.nc, h.prefix);
  return call('hub-control.rawSend', {
    caller: h.caller(['dev'], 'Dee Dev'),
    ip,
    body: { to: RAW_SERVER_TARGET, message: envelope(cls, operation, payload) },
  });
}
const answer = (reply: Awaited<ReturnType<typeof server>>) =>
  ((data<RawSendResult>(reply).message as HubMessage | undefined)?.items[0]?.payload ?? {}) as Record<
    string,
    unknown
  >;

describe('the admin channel’s server templates', () => {
  it('List All Channels lists every connected hub under the worker holding it', async () => {
    const a = answer(await server('channels', 'listAll'));
    expect(a.total).toBe(h.fleet.length);
    expect(a.workers).toEqual([
      {
        workerId: h.workerId,
        count: h.fleet.length,
        handlerIds: h.fleet
          .map((x) => x.hubId)
          .sort((x, y) => x - y)
          .map((id) => `link2.${id}.${id}`),
      },
    ]);
  });

  it('Stream Objects Active, Cache State and Stats report the broker’s streams and this instance', async () => {
    const streams = answer(await server('server', 'streamObjectsActive')).streams as {
      role: string;
      present: boolean;
      lastSeq: number;
    }[];
    // Every stream of the deployment is listed (the start-up step makes all four, the stats
    // service's REPORTS and STORE too).
    expect(streams.map((s) => s.role).sort()).toEqual(['audit', 'hubMsgs', 'reports', 'store']);
    // The hubs announced themselves: their presence is in the hub stream.
    expect(streams.find((s) => s.role === 'hubMsgs')).toMatchObject({ present: true });
    expect(streams.find((s) => s.role === 'hubMsgs')?.lastSeq).toBeGreaterThanOrEqual(h.fleet.length);
    const cache = answer(await server('server', 'cacheState'));
    expect(cache).toMatchObject({ presence: { connectedInMemory: h.fleet.length, inRedis: h.fleet.length } });
    const stats = answer(await server('server', 'stats'));
    expect(stats).toMatchObject({ connectedHubs: h.fleet.length });
    expect(stats.rssMb).toBeGreaterThan(0);
  });

  it('FM Running State counts the connected hubs by the firmware their records name', async () => {
    const [a, b, c] = h.fleet;
    await h.db.collection(COLLECTIONS.hubs).insertMany([
      { hubId: a?.hubId, firmwareVersion: '3.38.0' },
      { hubId: b?.hubId, firmwareVersion: '3.38.0' },
      { hubId: c?.hubId, firmwareVersion: '3.40.1' },
    ]);
    expect(answer(await server('firmware', 'runningState'))).toEqual({
      connected: h.fleet.length,
      unrecorded: h.fleet.length - 3,
      versions: [
        { version: '3.38.0', connected: 2 },
        { version: '3.40.1', connected: 1 },
      ],
    });
  });

  it('FM Release refuses until every fragment is stored, then records the release', async () => {
    const header = { manufacturerCode: 'LW', productCode: 'L2T', version: '9.1.2' };
    answer(
      await server('firmware', 'add', { ...header, fragmentIndex: 0, fragmentCount: 2, fragmentData: 'abc' }),
    );
    expect(
      failure(await server('firmware', 'release', { productCode: 'L2T', version: '9.1.2' })),
    ).toMatchObject({
      statusCode: 409,
      message: RAW_TEXT.releaseMissing([1], 2),
    });
    expect(
      failure(await server('firmware', 'release', { productCode: 'L2T', version: 'x' })).statusCode,
    ).toBe(400);
    answer(
      await server('firmware', 'add', { ...header, fragmentIndex: 1, fragmentCount: 2, fragmentData: 'de' }),
    );
    expect(
      answer(await server('firmware', 'release', { productCode: 'L2T', version: '9.1.2' })),
    ).toMatchObject({
      released: true,
      fragments: 2,
      bytes: 5,
    });
    expect(
      await h.db.collection(COLLECTIONS.firmwareReleases).findOne({ releaseId: 'L2T-9.1.2' }),
    ).toMatchObject({
      productCode: 'L2T',
      version: '9.1.2',
      releasedBy: expect.stringContaining('@'),
    });
  });

  it('Ban Host refuses the banned address on every raw message until it is lifted, and audits both', async () => {
    const audits = h.record(`${h.prefix}.audit.raw-channel`);
    const banned = '203.0.113.9';
    expect(failure(await server('server', 'banHost', { host: 'not-an-ip' })).statusCode).toBe(400);
    expect(answer(await server('server', 'banHost', { host: banned }))).toMatchObject({
      host: banned,
      banned: true,
    });
    expect(failure(await server('channels', 'list', {}, banned))).toMatchObject({
      statusCode: 403,
      message: RAW_TEXT.banned,
    });
    // Another address is not touched; the list names the ban.
    const list = answer(await server('server', 'banHost'));
    expect((list.bans as { host: string }[]).map((b) => b.host)).toEqual([banned]);
    answer(await server('server', 'banHost', { host: banned, unban: true }));
    answer(await server('channels', 'list', {}, banned));
    await h.waitUntil(() => audits.length >= 5, 'the audit events');
    const events = audits.map((m) => m.json<RawChannelAudit>());
    expect(
      events.filter((e) => e.operation === 'banHost' && e.outcome === 'reply').map((e) => e.detail),
    ).toEqual([{ host: banned }, {}, { host: banned, unban: true }]);
    expect(events.find((e) => e.host === banned && e.outcome === 'refused')).toMatchObject({
      statusCode: 403,
    });
  });
});
