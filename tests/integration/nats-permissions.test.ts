/**
 * Issue 9 §1 and issue 29 §1-2: the broker the project starts (infra/dev-infra.sh, with the users
 * and permissions of infra/helm/console/broker-users.json, rendered by infra/nats-auth.sh) refuses
 * anonymous connections, keeps each component to its own subjects and its own inbox, and lets no
 * component administer a stream (the audit stream is append-only besides). The test starts a
 * nats-server of its own from that same generated configuration, on a free port, so it checks the
 * configuration whatever broker the rest of the run shares; every check is the broker's answer.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureStreams, inboxPrefixOf, requireStreams } from '@console/kit';
import { freePort } from '@console/kit/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf, readBrokerTable } from '../../infra/nats-conf.ts';

const root = resolve(import.meta.dirname, '../..');
/** Every component's broker user. */
const COMPONENTS = ['gateway', 'fanout', 'auth', 'search', 'hub-control', 'stats', 'supervisor', 'simulator'];
/** A request each component may send (its replies come back on its own inbox). */
const REQUEST_OF: Record<string, string> = {
  gateway: 'console.api.auth.me',
  fanout: 'console.api.hub-control.hub',
  auth: '$SRV.INFO.perm-check',
  search: '$SRV.PING.perm-check',
  'hub-control': 'console.hub.7.cmd',
  stats: 'console.api.hub-control.featureLiveRead',
  supervisor: 'console.host.3.perm-check',
  simulator: 'console.hub.7.presence',
};
let server: ChildProcess;
let url: string;
let monitorPort: number;
let dir: string;
const open: NatsConnection[] = [];

async function as(user: string): Promise<NatsConnection> {
  const pass = readFileSync(join(dir, `${user}.pass`), 'utf8').trim();
  // As the kit connects: with the user's own inbox prefix.
  const nc = await connect({
    servers: url,
    user,
    pass,
    name: `perm-${user}`,
    inboxPrefix: inboxPrefixOf(user),
  });
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

/** The permission error, if any, the server reports for one publish by `nc` on `subject`. */
function publishRefusal(nc: NatsConnection, subject: string, data = '{}'): Promise<string | null> {
  return violation(nc, () => nc.publish(subject, data));
}

/** Those of `subjects` the server lets `nc` publish on (each tried in turn): empty when it refuses them all. */
async function publishable(nc: NatsConnection, subjects: string[]): Promise<string[]> {
  const allowed: string[] = [];
  for (const subject of subjects) {
    const error = await publishRefusal(nc, subject);
    if (!error?.match(/Permissions Violation for Publish/)) allowed.push(subject);
  }
  return allowed;
}

/**
 * Where the server disagrees with a component's row: of `may`, the subjects it refuses (any error
 * at all); of `mayNot`, those it lets `nc` publish on. Both empty when the row holds.
 */
async function publishMismatches(nc: NatsConnection, may: string[], mayNot: string[]) {
  const refused: string[] = [];
  for (const subject of may) if ((await publishRefusal(nc, subject)) !== null) refused.push(subject);
  return { refused, allowed: await publishable(nc, mayNot) };
}

/** Every permission error the server reports while `act` runs, and in the second after it. */
async function violations(nc: NatsConnection, act: () => void): Promise<string[]> {
  const seen: string[] = [];
  void (async () => {
    for await (const s of nc.status()) if (s.type === 'error') seen.push(String(s.error?.message ?? s.error));
  })();
  act();
  await nc.flush().catch(() => undefined);
  await new Promise((r) => setTimeout(r, 1000));
  return seen;
}

/** A concrete subject a pattern allows: the prefix for a leading `*`, `7` for another, `x.y` for `>`. */
const sample = (pattern: string) =>
  pattern
    .split('.')
    .map((t, i) => (t === '*' ? (i === 0 ? 'console' : '7') : t === '>' ? 'x.y' : t))
    .join('.');

/** NATS subject matching: does `pattern` cover `subject`? */
function covers(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
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
    const denied = await publishRefusal(sim, 'console.api.auth.adminList');
    expect(denied).toMatch(/Permissions Violation for Publish to "console\.api\.auth\.adminList"/);
    const hubSide = await publishRefusal(sim, 'console.hub.7.msg.notification.a.b');
    expect(hubSide).toBeNull();
  });

  it('lets only the gateway publish on api, and each service hear only its own', async () => {
    const gateway = await as('gateway');
    expect(await publishRefusal(gateway, 'console.api.auth.me')).toBeNull();
    for (const user of ['auth', 'search', 'hub-control']) {
      const svc = await as(user);
      expect(await publishRefusal(svc, 'console.api.auth.adminList'), user).toMatch(
        /Permissions Violation for Publish/,
      );
    }
    // The report worker asks hub-control for a /linkplus-data run's live reads, and nothing else.
    const stats = await as('stats');
    expect(
      await publishMismatches(
        stats,
        ['console.api.hub-control.featureLiveRead'],
        ['console.api.hub-control.featureWrite', 'console.api.auth.adminList', 'console.hub.7.cmd'],
      ),
    ).toEqual({ refused: [], allowed: [] });
    const auth = await as('auth');
    expect(await violation(auth, () => auth.subscribe('console.api.search.>'))).toMatch(
      /Permissions Violation for Subscription to "console\.api\.search\.>"/,
    );
    expect(await violation(auth, () => auth.subscribe('console.api.auth.>'))).toBeNull();
  });

  it('lets the fan-out speak as a Link2 page’s hub (presence, socket log) and audit its raw-channel refusals and fleet queries, but not command hubs or write other audits', async () => {
    const fanout = await as('fanout');
    // Raw messages to hubs go through hub-control (role, send once, audit), never straight from the edge.
    expect(await publishRefusal(fanout, 'console.hub.7.cmd')).toMatch(
      /Permissions Violation for Publish to "console\.hub\.7\.cmd"/,
    );
    expect(
      await publishMismatches(
        fanout,
        [
          'console.hub.4060086272.presence',
          'console.hub.4060086272.msg.response.system.read',
          // Its own refusals of raw messages (never sent on) and each fleet-lens query are its to
          // audit; no other audit is.
          'console.audit.raw-channel',
          'console.audit.fleet-query',
        ],
        [
          'console.audit.login-as',
          'console.audit.hub-action',
          'console.audit.third-party-login',
          'console.audit.>',
          // Of the API it calls only what the live panels and the raw channel need, never the rest.
          'console.api.hub-control.linkReset',
          'console.api.auth.me',
          'console.api.search.x',
        ],
      ),
    ).toEqual({ refused: [], allowed: [] });
  });

  it('lets the gateway audit the /link/* customer-password tries, but speak as no hub and hear none (the fan-out holds the live code)', async () => {
    const gateway = await as('gateway');
    // The /link/* customer-password tries it guards (issue 29 §5).
    expect(
      await publishMismatches(
        gateway,
        ['console.audit.third-party-login'],
        [
          'console.audit.login-as',
          'console.audit.hub-action',
          'console.audit.raw-channel',
          'console.audit.>',
          'console.hub.7.cmd',
          'console.hub.4060086272.presence',
        ],
      ),
    ).toEqual({ refused: [], allowed: [] });
    expect(await violation(gateway, () => gateway.subscribe('console.hub.>'))).toMatch(
      /Permissions Violation for Subscription/,
    );
  });

  it('keeps stream deletion and the JetStream API beyond their needs from the components', async () => {
    const gateway = await as('gateway');
    expect(await publishRefusal(gateway, '$JS.API.STREAM.DELETE.CONSOLE_HUB_MSGS', '')).toMatch(
      /Permissions Violation/,
    );
    const auth = await as('auth');
    expect(await publishRefusal(auth, '$JS.API.STREAM.INFO.CONSOLE_AUDIT', '')).toMatch(
      /Permissions Violation/,
    );
  });

  it('lets each component hear only its own inbox: another’s, or _INBOX.>, is refused and hears nothing', async () => {
    const spies: { user: string; heard: string[] }[] = [];
    for (const user of COMPONENTS) {
      const nc = await as(user);
      const heard: string[] = [];
      for (const inbox of [
        '_INBOX.>',
        ...COMPONENTS.filter((u) => u !== user).map((u) => `${inboxPrefixOf(u)}.>`),
      ]) {
        const refused = await violation(nc, () =>
          nc.subscribe(inbox, {
            callback: (e, m) => {
              if (!e) heard.push(m.subject);
            },
          }),
        );
        expect(refused, `${user} subscribing to ${inbox}`).toMatch(/Permissions Violation for Subscription/);
      }
      spies.push({ user, heard });
    }
    // Every component asks something it may ask, and the answer comes back on its own inbox only.
    const responder = await as('tests');
    const asked = new Set<string>();
    const answering = responder.subscribe('>', {
      callback: (_e, m) => {
        if (m.reply && Object.values(REQUEST_OF).includes(m.subject)) {
          asked.add(m.reply);
          m.respond(`answer to ${m.subject}`);
        }
      },
    });
    await responder.flush();
    for (const user of COMPONENTS) {
      const nc = await as(user);
      const answer = await nc.request(REQUEST_OF[user] as string, '{}', { timeout: 5000 });
      expect(answer.string(), user).toBe(`answer to ${REQUEST_OF[user]}`);
    }
    expect([...asked].every((r) => COMPONENTS.some((u) => r.startsWith(`${inboxPrefixOf(u)}.`)))).toBe(true);
    expect(asked.size).toBe(COMPONENTS.length);
    answering.unsubscribe();
    for (const spy of spies) expect(spy.heard, `${spy.user} heard another's reply`).toEqual([]);
  });

  it('lets no component update, purge, delete or create a stream, or delete a message of it; only the streams user administers them', async () => {
    const admin = await as('streams');
    await ensureStreams(admin, 'console');
    const jsmAdmin = await jetstreamManager(admin);
    await jetstream(await as('tests')).publish('console.audit.login', '{"kind":"login"}');
    for (const user of COMPONENTS) {
      const nc = await as(user);
      for (const api of ['UPDATE', 'DELETE', 'PURGE', 'MSG.DELETE', 'CREATE'])
        expect(
          await violation(nc, () =>
            nc.publish(`$JS.API.STREAM.${api}.CONSOLE_AUDIT`, '{"name":"CONSOLE_AUDIT","max_msgs":1}'),
          ),
          `${user}: STREAM.${api}`,
        ).toMatch(/Permissions Violation for Publish/);
    }
    // Through the client, as an attacker would try it: refused, and the audit keeps its record.
    for (const user of ['simulator', 'fanout']) {
      const jsm = await jetstreamManager(await as(user));
      await expect(jsm.streams.update('CONSOLE_AUDIT', { max_msgs: 1 })).rejects.toThrow();
      await expect(jsm.streams.purge('CONSOLE_AUDIT')).rejects.toThrow();
      await expect(jsm.streams.deleteMessage('CONSOLE_AUDIT', 1)).rejects.toThrow();
      await expect(jsm.streams.delete('CONSOLE_AUDIT')).rejects.toThrow();
    }
    const info = await jsmAdmin.streams.info('CONSOLE_AUDIT');
    expect(info.state.messages).toBe(1);
    expect(info.config.max_msgs).toBe(-1);
    // A component never creates the streams it finds missing: it says which step to run.
    await expect(requireStreams(await as('fanout'), 'elsewhere', {}, 0)).rejects.toThrow(
      /may not create them/,
    );
    await expect(jsmAdmin.streams.info('ELSEWHERE_AUDIT')).rejects.toThrow(/not found/);
    // Each component that checks its streams at start may (STREAM.INFO).
    for (const user of ['fanout', 'hub-control', 'stats', 'simulator', 'supervisor'])
      await expect(requireStreams(await as(user), 'console')).resolves.toBeTruthy();
  });

  it('keeps the audit stream append-only even for its administrator: no purge, no message deletion', async () => {
    const admin = await as('streams');
    const { audit } = await ensureStreams(admin, 'console');
    expect(audit.config.deny_delete).toBe(true);
    expect(audit.config.deny_purge).toBe(true);
    const jsm = await jetstreamManager(admin);
    await jetstream(await as('tests')).publish('console.audit.login', '{"kind":"login"}');
    const before = (await jsm.streams.info('CONSOLE_AUDIT')).state.messages;
    await expect(jsm.streams.purge('CONSOLE_AUDIT')).rejects.toThrow(/purge/i);
    await expect(jsm.streams.deleteMessage('CONSOLE_AUDIT', 1)).rejects.toThrow(/delete/i);
    // An update may not take either protection away.
    await expect(
      jsm.streams.update('CONSOLE_AUDIT', { deny_delete: false, deny_purge: false }),
    ).rejects.toThrow();
    expect((await jsm.streams.info('CONSOLE_AUDIT')).state.messages).toBe(before);
    // The streams user administers streams and nothing else: no inbox but its own.
    expect(await violation(admin, () => admin.subscribe('_INBOX.>'))).toMatch(/Permissions Violation/);
    expect(await publishRefusal(admin, 'console.api.auth.adminList')).toMatch(/Permissions Violation/);
  });

  it('gives each component exactly its row of the table, subject by subject: what any other user may do and it may not is refused', async () => {
    const table = readBrokerTable();
    const users = Object.keys(table.users).filter((u) => !table.users[u]?.everything);
    const rules = Object.fromEntries(users.map((u) => [u, permissionsOf(table, u)]));
    const everyone = (side: 'publish' | 'subscribe') => [
      ...new Set([...users.flatMap((u) => rules[u]?.[side].allow ?? []), ...table.deny[side], '_INBOX.>']),
    ];
    for (const user of COMPONENTS) {
      const mine = rules[user];
      if (!mine) throw new Error(`${user} has no row`);
      for (const side of ['publish', 'subscribe'] as const) {
        const allowedHere = (subject: string) =>
          mine[side].allow.some((p) => covers(p, subject)) &&
          !(mine[side].deny ?? []).some((p) => covers(p, subject));
        const samples = everyone(side).map(sample);
        const allowed = samples.filter(allowedHere);
        const refused = samples.filter((subject) => !allowedHere(subject));
        const nc = await as(user);
        const act = (subject: string) =>
          side === 'publish' ? nc.publish(subject, '') : nc.subscribe(subject);
        expect(
          await violations(nc, () => allowed.forEach(act)),
          `${user} ${side} ${allowed.join(' ')}`,
        ).toEqual([]);
        const seen = await violations(nc, () => refused.forEach(act));
        const word = side === 'publish' ? 'Publish' : 'Subscription';
        for (const subject of refused)
          expect(
            seen.some((m) => m.includes(`Permissions Violation for ${word} to "${subject}"`)),
            `${user} may ${side} ${subject}`,
          ).toBe(true);
        // The row is least privilege beside the others: it was offered every other user's subjects.
        expect(refused.length).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it('serves its monitoring on loopback only', async () => {
    expect(readFileSync(join(dir, 'nats.conf'), 'utf8')).toContain(`http: "127.0.0.1:${monitorPort}"`);
    expect((await fetch(`http://127.0.0.1:${monitorPort}/healthz`)).status).toBe(200);
  });
});
