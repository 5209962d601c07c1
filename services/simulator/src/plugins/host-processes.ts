import type { HostHeartbeat, ProcessInfo, SimHost } from '@console/contracts';

type SupervisorState = HostHeartbeat['supervisor']['state'];

/** supervisord's numeric process states, by name. */
const STATE_CODES: Record<SupervisorState, number> = {
  STOPPED: 0,
  STARTING: 10,
  RUNNING: 20,
  BACKOFF: 30,
  EXITED: 100,
  FATAL: 200,
};

const PROGRAMS: Record<SimHost['kind'], string[]> = {
  command: ['command-worker', 'socket-bridge', 'scheduler'],
  datamonitor: ['dm-collector', 'dm-writer'],
};

/**
 * What a simulated host's supervisord answers to getAllProcessInfo: its programs, all in the
 * supervisor's state, started when the host last (re)started. Pids are stable per start so a
 * restart is visible as new pids.
 */
export function processInfo(
  host: SimHost,
  state: SupervisorState,
  startedAt: number,
  now: number,
): ProcessInfo[] {
  const start = Math.floor(startedAt / 1000);
  return PROGRAMS[host.kind].map((name, i) => {
    const running = state === 'RUNNING';
    const uptime = Math.max(0, Math.floor(now / 1000) - start);
    return {
      name,
      group: name,
      statename: state,
      state: STATE_CODES[state],
      description: running
        ? `pid ${pidOf(start, i)}, uptime ${Math.floor(uptime / 3600)}:${String(Math.floor((uptime % 3600) / 60)).padStart(2, '0')}:${String(uptime % 60).padStart(2, '0')}`
        : state === 'STOPPED'
          ? 'Not started'
          : state,
      pid: running ? pidOf(start, i) : 0,
      start,
      now: Math.floor(now / 1000),
      exitstatus: state === 'EXITED' || state === 'FATAL' ? 1 : 0,
    };
  });
}

function pidOf(start: number, index: number): number {
  return 1000 + ((start * 7 + index * 131) % 60_000);
}
