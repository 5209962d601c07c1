/**
 * The dev broker's nats.conf from the broker-user table (infra/helm/console/broker-users.json, the
 * same table the Helm chart's Secret is made from): each user with its password from DIR/<user>.pass,
 * its allow lists, its private inbox, and the deny list every component gets. A user without a
 * password file gets one (random, 0600).
 *
 *   node infra/nats-conf.ts DIR MONITOR_PORT [SERVER_NAME]   (infra/nats-auth.sh runs it and writes the file)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface BrokerUser {
  why: string;
  publish?: string[];
  subscribe?: string[];
  /** The stream administrator: no inbox restriction beyond its own, no deny list. */
  admin?: boolean;
  /** Not deployed (the development broker's test user). */
  devOnly?: boolean;
  /** No permissions block at all. */
  everything?: boolean;
}

export interface BrokerTable {
  deny: { publish: string[]; subscribe: string[] };
  sets: Record<string, string[]>;
  users: Record<string, BrokerUser>;
}

export const brokerTablePath = resolve(import.meta.dirname, 'helm/console/broker-users.json');

export function readBrokerTable(path = brokerTablePath): BrokerTable {
  return JSON.parse(readFileSync(path, 'utf8')) as BrokerTable;
}

/** A user's private inbox prefix: what the kit connects with, and the only inbox it may hear. */
export const inboxPrefixOf = (user: string) => `_INBOX_${user}`;

/** `@set` entries replaced by the set's subjects. */
const expand = (table: BrokerTable, list: string[] = []) =>
  list.flatMap((s) => (s.startsWith('@') ? (table.sets[s.slice(1)] ?? []) : [s]));

interface Permissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[]; deny?: string[] };
  allow_responses?: boolean;
}

/** What one user may do, as nats.conf's permissions block (null: everything). */
export function permissionsOf(table: BrokerTable, name: string): Permissions | null {
  const u = table.users[name];
  if (!u) throw new Error(`no broker user ${name}`);
  if (u.everything) return null;
  const subscribe = [...expand(table, u.subscribe), `${inboxPrefixOf(name)}.>`];
  const publish = expand(table, u.publish);
  if (u.admin) return { publish: { allow: publish }, subscribe: { allow: subscribe } };
  return {
    publish: { allow: publish, deny: table.deny.publish },
    subscribe: { allow: subscribe, deny: table.deny.subscribe },
    allow_responses: true,
  };
}

const list = (xs: string[]) => `[${xs.map((x) => JSON.stringify(x)).join(', ')}]`;
const rule = (r: { allow: string[]; deny?: string[] }) =>
  `{ allow: ${list(r.allow)}${r.deny ? `, deny: ${list(r.deny)}` : ''} }`;

export function renderNatsConf(
  table: BrokerTable,
  passwordOf: (user: string) => string,
  monitorPort: string,
  serverName = '',
) {
  const users = Object.keys(table.users).map((name) => {
    const p = permissionsOf(table, name);
    const head = `    { user: ${JSON.stringify(name)}, password: ${JSON.stringify(passwordOf(name))}`;
    if (!p) return `${head} }`;
    const lines = [
      `        publish: ${rule(p.publish)}`,
      `        subscribe: ${rule(p.subscribe)}`,
      ...(p.allow_responses ? ['        allow_responses: true'] : []),
    ];
    return `${head}, permissions: {\n${lines.join('\n')}\n    } }`;
  });
  return [
    '# Written by infra/nats-auth.sh from infra/helm/console/broker-users.json; edit the table instead.',
    `http: "127.0.0.1:${monitorPort}"`,
    // Named here as well as by -n: a reload (SIGHUP) compares the file's name with the running one.
    ...(serverName ? [`server_name: ${JSON.stringify(serverName)}`] : []),
    'authorization {',
    '  users = [',
    ...users,
    '  ]',
    '}',
    '',
  ].join('\n');
}

if (import.meta.main) {
  const [dir, port = '8223', serverName] = process.argv.slice(2);
  if (!dir) throw new Error('usage: node infra/nats-conf.ts DIR MONITOR_PORT [SERVER_NAME]');
  const table = readBrokerTable();
  const passwordOf = (user: string) => {
    const file = join(dir, `${user}.pass`);
    if (!existsSync(file) || !readFileSync(file, 'utf8').trim())
      writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
    return readFileSync(file, 'utf8').trim();
  };
  process.stdout.write(renderNatsConf(table, passwordOf, port, serverName));
}
