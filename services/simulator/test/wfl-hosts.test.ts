import {
  type HostHeartbeat,
  type SimStats,
  subjects,
  WFL_COMMAND_RULES,
  type WflPing,
  type WflReply,
} from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { syntheticFleet } from '../src/plugins/synthetic-fleet.ts';
import { settle, startSimulator } from './harness.ts';

const sim = useSuite(() => startSimulator({ SIM_WFL_PING_S: '1', SIM_HOST_HEARTBEAT_S: '1' }));

const fleet = () => syntheticFleet({ hubs: 0, wfls: 3, hosts: 4, seed: 42 });

describe('Gen1 WiFi links', () => {
  const poke = async (mac: string, command: string) => {
    const msg = await sim.nc.request(subjects(sim.prefix).wflCmd(mac), JSON.stringify({ command }), {
      timeout: 2000,
    });
    return msg.json<WflReply>();
  };

  it('answer poke commands within the spec’s ranges and refuse the rest', async () => {
    const mac = fleet().wfls[0]?.mac ?? '';
    expect(await poke(mac, '12,!R1D1FdP16')).toMatchObject({ mac, ok: true, reply: '12,OK' });
    expect(await poke(mac, '!R1DhF*tP21.5')).toMatchObject({ ok: true });
    expect(await poke(mac, '!R1DhF*tP41')).toMatchObject({
      ok: false,
      reply: 'ERR,temperature must be 0 to 40 in 0.5 steps',
    });
    expect(await poke(mac, '!R1DhF*vP61')).toMatchObject({
      ok: false,
      reply: `ERR,${WFL_COMMAND_RULES.valve}`,
    });
  });

  it('ping on their period with data, reply, node and date', async () => {
    const mac = fleet().wfls[1]?.mac ?? '';
    const pings = sim.record(subjects(sim.prefix).wflPing(mac));
    const ping = (await pings.waitFor(() => true, 3000)).json<WflPing>();
    expect(ping).toMatchObject({ mac, reply: 'ok', node: sim.app.sim.workerId });
    expect(ping.data).toMatch(/^\*!\{"trans":\d+/);
    expect(Date.parse(ping.date)).toBeGreaterThan(Date.now() - 5000);
  });

  it('go off the air when told to (no pings, no answers) and answer late when slow', async () => {
    const mac = fleet().wfls[2]?.mac ?? '';
    await sim.control('offline', { mac, offline: true });
    const pings = sim.record(subjects(sim.prefix).wflPing(mac));
    await expect(poke(mac, '!R1D1F1')).rejects.toThrow();
    await settle(1300);
    expect(pings.messages).toHaveLength(0);
    await sim.control('offline', { mac, offline: false });
    await pings.waitFor(() => true, 1000);
    await sim.control('slow', { mac, delayMs: 400 });
    const t0 = Date.now();
    expect(await poke(mac, '!R1D1F0')).toMatchObject({ ok: true });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(380);
    await sim.control('slow', { mac, delayMs: 0 });
    expect(await sim.control('state', { mac })).toMatchObject({
      mac,
      received: 2,
      faults: { offline: false },
    });
  });
});

describe('supervisord hosts', () => {
  it('send heartbeats with the spec’s stats, node-v1 and others, command and data monitor nodes', async () => {
    const beats = sim.record(subjects(sim.prefix).hostHeartbeatAny());
    await settle(1500);
    const seen = new Map(beats.json().map((b) => [b._id as string, b as unknown as HostHeartbeat]));
    expect(seen.size).toBe(4);
    const one = [...seen.values()][0] as HostHeartbeat;
    expect(one.supervisor.state).toBe('RUNNING');
    expect(Object.keys(one.stats.lastHeartBeat).sort()).toEqual(
      ['createdDate', 'droppedBetween', 'droppedTotal', 'packetsBetween', 'secondsBetween'].sort(),
    );
    expect(one.stats.lastCmd.time).toEqual(expect.any(String));
    expect(new Set([...seen.values()].map((b) => `${b.kind}/${b.hostType}`)).size).toBe(4);
  });

  it('go quiet or change state when told to', async () => {
    const host = fleet().hosts[0]?.hostId ?? '';
    await sim.control('host', { hostId: host, state: 'FATAL' });
    const beats = sim.record(subjects(sim.prefix).hostHeartbeat(host));
    const fatal = (await beats.waitFor(() => true, 3000)).json<HostHeartbeat>();
    expect(fatal.supervisor.state).toBe('FATAL');
    await sim.control('host', { hostId: host, silent: true });
    await settle(200);
    const count = beats.messages.length;
    await settle(1500);
    expect(beats.messages.length).toBe(count);
  });
});

describe('sharding', () => {
  it('spreads hubs over instances by id, each command answered once', async () => {
    const sharded = await startSimulator({ SIM_HUBS: '8' }, { shards: 2 });
    try {
      const log = sharded.record(`${sharded.prefix}.hub.*.msg.response.>`);
      await sharded.nc.flush();
      for (const h of sharded.fleet)
        expect((await sharded.command(h.hubId, 'systemRead', [{}])).items[0]?.success).toBe(true);
      await settle(100);
      expect(log.messages.length).toBe(8);
      const owners = new Set(sharded.apps.map((a) => a.sim.hubs.list.length));
      expect([...owners].reduce((a, b) => a + b, 0) > 0).toBe(true);
      expect(sharded.apps.map((a) => a.sim.hubs.list.length).reduce((a, b) => a + b, 0)).toBe(8);
      const stats = await sharded.nc.requestMany(`${sharded.prefix}.sim.control.stats`, '{}', {
        maxMessages: 2,
        maxWait: 1000,
      });
      let total = 0;
      for await (const m of stats) total += m.json<SimStats>().received;
      expect(total).toBe(8);
    } finally {
      await sharded.close();
    }
  });
});
