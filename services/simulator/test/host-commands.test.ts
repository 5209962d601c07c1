import { type HostCommandReply, type HostHeartbeat, subjects } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { syntheticFleet } from '../src/plugins/synthetic-fleet.ts';
import { startSimulator } from './harness.ts';

const sim = useSuite(() => startSimulator({ SIM_HOST_HEARTBEAT_S: '30' }));

const hosts = () => syntheticFleet({ hubs: 0, wfls: 0, hosts: 6, seed: 1 }).hosts;
const ask = async (hostId: string, body: unknown) =>
  (
    await sim.nc.request(subjects(sim.prefix).hostCmd(hostId), JSON.stringify(body), { timeout: 2000 })
  ).json<HostCommandReply>();

describe('supervisord host commands (host.<id>.cmd)', () => {
  it('answer getAllProcessInfo with the programs in the supervisor state', async () => {
    const host = hosts()[0]?.hostId ?? '';
    const reply = await ask(host, { op: 'getAllProcessInfo' });
    if (!reply.ok) throw new Error(reply.error);
    expect(reply.processes.length).toBeGreaterThan(1);
    expect(reply.processes.every((p) => p.statename === 'RUNNING' && p.pid > 0)).toBe(true);
  });

  it('restart: new start time and pids, and a heartbeat at once that lists the restart', async () => {
    const host = hosts()[1]?.hostId ?? '';
    const before = await ask(host, { op: 'getAllProcessInfo' });
    const beats = sim.record(subjects(sim.prefix).hostHeartbeat(host));
    const reply = await ask(host, { op: 'restart' });
    if (!reply.ok || !before.ok) throw new Error('no process info');
    expect(reply.processes[0]?.start).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 2);
    expect(reply.processes[0]?.start).not.toBe(before.processes[0]?.start);
    const beat = (await beats.waitFor(() => true, 2000)).json<HostHeartbeat>();
    const last = beat.stats.lastRestart.at(-1)?.timeStamp ?? '';
    expect(Date.now() - Date.parse(last)).toBeLessThan(5000);
    expect(beat.supervisor.uptime).toBeLessThan(5);
  });

  it('refuse an unknown command, and say nothing for a silenced host or one it does not hold', async () => {
    const host = hosts()[2]?.hostId ?? '';
    expect(await ask(host, { op: 'reboot' })).toMatchObject({ ok: false });
    await sim.control('host', { hostId: host, silent: true });
    await expect(ask(host, { op: 'getAllProcessInfo' })).rejects.toThrow();
    await expect(ask('no-such-host', { op: 'getAllProcessInfo' })).rejects.toThrow();
  });
});
