/**
 * The README's scale command, run as an operator runs it: a plain shell (no console settings in its
 * environment) beside a running console, `. infra/env.sh && node infra/scale.ts <service> +1`. The
 * console here is a stack of real services as processes; what `infra/run-services.ts` leaves for
 * scale.ts (`infra/console-env.ts`) is written for it into a state folder of this file's own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ServicesView } from '@console/contracts';
import { infraEnv } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeConsoleEnv } from '../../infra/console-env.ts';
import { signInAdmin, staffClient } from '../support/people.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';
import { WsClient } from '../support/ws-client.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
let stack: Stack;
let ops: Client;
let state: string;

/** A new login shell's environment: a PATH and a HOME, nothing of the console's. */
const plainShell = () => ({
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: process.env.HOME ?? '/root',
  CONSOLE_STATE_DIR: state,
});
const scale = (service: string, change: string) =>
  run('bash', ['-c', `. infra/env.sh && node infra/scale.ts ${service} ${change}`], {
    cwd: root,
    env: plainShell(),
  });

const view = async () => {
  const res = await ops.call('GET', '/api/ops/services');
  expect(res.status).toBe(200);
  return res.json as ServicesView;
};
const instanceOf = (v: ServicesView, service: string, instance: string) =>
  v.services.find((s) => s.name === service)?.instances.find((i) => i.instance === instance);

beforeAll(async () => {
  stack = await startStack(infraEnv(), ['auth', 'supervisor', 'gateway']);
  const admin = await signInAdmin(stack);
  ops = await staffClient(stack, admin, 'dev', 'Olu Ops');
  state = mkdtempSync(join(tmpdir(), 'console-state-'));
  // What run-services writes when it starts a console: the environment its services got.
  writeConsoleEnv(state, stack.env);
});

afterAll(async () => {
  // Anything scale.ts started and the test did not stop (a failed assertion midway).
  try {
    const left = JSON.parse(readFileSync(join(state, 'scale.json'), 'utf8')) as { pid: number }[];
    for (const { pid } of left) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  } catch {
    // nothing was started
  }
  if (state) rmSync(state, { recursive: true, force: true });
  await stack?.stop();
});

/** `scale.ts <service> +1`: its second instance started and in the services view; how many ms that took. */
async function scaleUp(service: string): Promise<number> {
  const started = Date.now();
  const out = await scale(service, '+1');
  expect(out.stdout).toContain(`started ${service}-2`);
  await stack.waitFor(
    async () => instanceOf(await view(), service, `${service}-2`) !== undefined,
    `${service}-2 in the services view`,
    { timeoutMs: 60_000, intervalMs: 250 },
  );
  const listedMs = Date.now() - started;
  console.log(`scale: ${service}-2 in the services view ${listedMs} ms after the command`);
  return listedMs;
}

/** `scale.ts <service> -1`: its second instance stopped and gone from the services view. */
async function scaleDown(service: string): Promise<void> {
  const stopped = await scale(service, '-1');
  expect(stopped.stdout).toContain(`stopping ${service}-2`);
  await stack.waitFor(
    async () => instanceOf(await view(), service, `${service}-2`) === undefined,
    `${service}-2 gone from the services view`,
    { timeoutMs: 30_000 },
  );
}

describe('infra/scale.ts from a plain shell beside a running console', () => {
  it('adds an instance with the console settings: the services view shows it and it answers; -1 removes it', async () => {
    const before = await view();
    expect(instanceOf(before, 'supervisor', 'supervisor-2')).toBeUndefined();

    await scaleUp('supervisor');

    // NATS spreads the view's requests over both instances: the new one answers its share.
    await stack.waitFor(
      async () => {
        const inst = instanceOf(await view(), 'supervisor', 'supervisor-2');
        return (inst?.endpoints.find((e) => e.name === 'servicesView')?.requests ?? 0) > 0;
      },
      'supervisor-2 answering servicesView requests',
      { timeoutMs: 30_000, intervalMs: 100 },
    );

    await scaleDown('supervisor');
    expect(instanceOf(await view(), 'supervisor', 'supervisor-test')).toBeDefined();
  });

  it('adds a websocket fan-out instance the same way: listed within 10 s, and the gateway sends it sockets', async () => {
    expect(await scaleUp('fanout')).toBeLessThan(10_000);
    // The gateway finds it by $SRV discovery and spreads new sockets over both instances.
    const sockets: WsClient[] = [];
    try {
      await stack.waitFor(
        async () => {
          sockets.push(await WsClient.open(stack, ops));
          const figures = (await view()).gateways.find((g) => g.instance === 'fanout-2');
          return (figures?.sockets ?? 0) > 0;
        },
        'a socket held by fanout-2',
        { timeoutMs: 30_000, intervalMs: 500 },
      );
    } finally {
      for (const ws of sockets) ws.close();
    }
    await scaleDown('fanout');
  });

  it('refuses to start an instance when no console is running, saying how to start one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'console-state-'));
    try {
      const res = await run('bash', ['-c', '. infra/env.sh && node infra/scale.ts search +1'], {
        cwd: root,
        env: { ...plainShell(), CONSOLE_STATE_DIR: empty },
      }).catch((e: { code: number; stderr: string }) => e);
      expect('code' in res ? res.code : 0).toBe(1);
      expect(res.stderr).toContain('No running console found here');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
