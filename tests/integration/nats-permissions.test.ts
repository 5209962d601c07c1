/**
 * Issue 9 §1: the broker the project starts (infra/dev-infra.sh, with the users and permissions of
 * infra/nats-auth.sh) refuses anonymous connections and keeps each component to its own subjects.
 * The test starts a nats-server of its own from that same generated configuration, on a free port,
 * so it checks the configuration whatever broker the rest of the run shares.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@console/kit/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
let server: ChildProcess;
let url: string;
let monitorPort: number;
let dir: string;
const open: NatsConnection[] = [];

async function as(user: string): Promise<NatsConnection> {
  const pass = readFileSync(join(dir, `${user}.pass`), 'utf8').trim();
  const nc = await connect({ servers: url, user, pass, name: `perm-${user}` });
  open.push(nc);
  return nc;
}

/** The first permission error the server reports on this connection within a second. */
async function violation(nc: NatsConnection, act: () => void): Promise<string | null> {
  const seen = (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'error') return String(s.error?.message ?? s.error);
    }
    return null;
  })();
  act();
  await nc.flush().catch(() => undefined);
  return Promise.race([seen, new Promise<null>((r) => setTimeout(() => r(null), 1000))]);
}

beforeAll(async () => {
  const bin = resolve(root, '.dev-infra/bin/nats-server');
  if (!existsSync(bin)) throw new Error('no nats-server in .dev-infra/bin (run infra/dev-infra.sh up)');
  dir = mkdtempSync(join(tmpdir(), 'nats-auth-'));
  monitorPort = await freePort();
  const conf = execFileSync('bash', [resolve(root, 'infra/nats-auth.sh'), dir, String(monitorPort)], {
    encoding: 'utf8',
  }).trim();
  const port = await freePort();
  url = `nats://127.0.0.1:${port}`;
  server = spawn(bin, ['-c', conf, '-js', '-sd', join(dir, 'js'), '-a', '127.0.0.1', '-p', String(port)], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (
    !(await as('tests').then(
      () => true,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error('the authenticated nats-server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  for (const nc of open) await nc.close().catch(() => undefined);
  server?.kill();
});

describe('the broker', () => {
  it('refuses an anonymous connection, and a wrong password', async () => {
    await expect(connect({ servers: url, reconnect: false })).rejects.toThrow(/Authorization/i);
    await expect(connect({ servers: url, user: 'gateway', pass: 'guess', reconnect: false })).rejects.toThrow(
      /Authorization/i,
    );
  });

  it('does not let the simulator call the console API, only speak as hubs', async () => {
    const sim = await as('simulator');
    const denied = await violation(sim, () => sim.publish('console.api.auth.adminList', '{}'));
    expect(denied).toMatch(/Permissions Violation for Publish to "console\.api\.auth\.adminList"/);
    const hubSide = await violation(sim, () => sim.publish('console.hub.7.msg.notification.a.b', '{}'));
    expect(hubSide).toBeNull();
  });

  it('lets only the gateway publish on api, and each service hear only its own', async () => {
    const gateway = await as('gateway');
    expect(await violation(gateway, () => gateway.publish('console.api.auth.me', '{}'))).toBeNull();
    for (const user of ['auth', 'search', 'hub-control']) {
      const svc = await as(user);
      expect(await violation(svc, () => svc.publish('console.api.auth.adminList', '{}')), user).toMatch(
        /Permissions Violation for Publish/,
      );
    }
    // The report worker asks hub-control for a /linkplus-data run's live reads, and nothing else.
    const stats = await as('stats');
    expect(
      await violation(stats, () => stats.publish('console.api.hub-control.featureLiveRead', '{}')),
    ).toBeNull();
    for (const other of [
      'console.api.hub-control.featureWrite',
      'console.api.auth.adminList',
      'console.hub.7.cmd',
    ])
      expect(await violation(stats, () => stats.publish(other, '{}')), other).toMatch(
        /Permissions Violation for Publish/,
      );
    const auth = await as('auth');
    expect(await violation(auth, () => auth.subscribe('console.api.search.>'))).toMatch(
      /Permissions Violation for Subscription to "console\.api\.search\.>"/,
    );
    expect(await violation(auth, () => auth.subscribe('console.api.auth.>'))).toBeNull();
  });

  it('lets the gateway speak as a Link2 page’s hub (presence, socket log) and audit its raw-channel refusals, but not command hubs or write other audits', async () => {
    const gateway = await as('gateway');
    expect(
      await violation(gateway, () => gateway.publish('console.hub.4060086272.presence', '{}')),
    ).toBeNull();
    expect(
      await violation(gateway, () =>
        gateway.publish('console.hub.4060086272.msg.response.system.read', '{}'),
      ),
    ).toBeNull();
    // Raw messages to hubs go through hub-control (role, send once, audit), never straight from the edge.
    expect(await violation(gateway, () => gateway.publish('console.hub.7.cmd', '{}'))).toMatch(
      /Permissions Violation for Publish to "console\.hub\.7\.cmd"/,
    );
    // Its own refusals of raw messages (never sent on) are its to audit; no other audit is.
    expect(await violation(gateway, () => gateway.publish('console.audit.raw-channel', '{}'))).toBeNull();
    for (const other of ['console.audit.login-as', 'console.audit.hub-action', 'console.audit.>'])
      expect(await violation(gateway, () => gateway.publish(other, '{}'))).toMatch(
        /Permissions Violation for Publish/,
      );
  });

  it('keeps stream deletion and the JetStream API beyond their needs from the components', async () => {
    const gateway = await as('gateway');
    expect(
      await violation(gateway, () => gateway.publish('$JS.API.STREAM.DELETE.CONSOLE_HUB_MSGS', '')),
    ).toMatch(/Permissions Violation/);
    const auth = await as('auth');
    expect(await violation(auth, () => auth.publish('$JS.API.STREAM.INFO.CONSOLE_AUDIT', ''))).toMatch(
      /Permissions Violation/,
    );
  });

  it('serves its monitoring on loopback only', async () => {
    expect(readFileSync(join(dir, 'nats.conf'), 'utf8')).toContain(`http: "127.0.0.1:${monitorPort}"`);
    expect((await fetch(`http://127.0.0.1:${monitorPort}/healthz`)).status).toBe(200);
  });
});
