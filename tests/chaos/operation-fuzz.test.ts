/**
 * Every operation of the operations table fuzzed through the real gateway to the real services
 * (auth, search, hub-control, supervisor, stats and the simulator's hubs, as processes on real NATS,
 * Postgres, Redis and the Mongo-compatible server, over a small loaded world). The cases come from
 * each operation's own TypeBox schemas (`support/schema-arbitrary.ts`): valid-shaped params, query
 * and body, and hostile ones (wrong types, huge and strange text, odd numbers, missing and extra
 * fields, traversal and injection-looking strings, bodies that are not JSON), sent as a signed-in
 * user of each role (mostly admin, so the cases reach the services) or as nobody.
 *
 * It holds: no answer is a 5xx, every 4xx is our error envelope with a message a person can act on,
 * and every call is answered. `FUZZ_RUNS` cases per operation (default 40: ~4,400 in all),
 * `FUZZ_SEED` to replay a run (the seed is printed).
 */
import {
  CONFIRMATIONS,
  DELETE_UNEXECUTED_CONFIRMATION,
  GEN1_TEXT,
  HUB_ACTION_TEXT,
  OPERATIONS,
  type Operation,
  ROLES,
  type Role,
} from '@console/contracts';
import { QUIET_SIMULATOR } from '@console/kit/testing';
import { syntheticFleet } from '@console/simulator/fleet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, signInAdmin, signInApi } from '../support/people.ts';
import { type Hints, hostileOf, hostileValue, validOf } from '../support/schema-arbitrary.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Operations fuzzed at once (each one's cases in turn). */
const CONCURRENCY = 4;
const CALL_TIMEOUT_MS = 20_000;
const SIM_HUBS = 3;
const SIM_SEED = 11;

let stack: WorldStack;
/** A signed-in session cookie per role (each a staff user with only that role). */
const cookies = new Map<Role, string>();
/** The fuzz's own users: no case may delete them, change them or end their sessions. */
const ownIds = new Set<string>();

let hints: Hints = {};

type Caller = Role | 'nobody';

interface Case {
  caller: Caller;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A JSON value, `undefined` for none, or `{ raw }` for text sent as JSON that is not. */
  body: unknown;
}

const RAW = Symbol('raw');

/** Raw request bodies that are not what they claim to be. */
const rawBody = fc
  .constantFrom(
    '{"a":',
    'not json',
    '[1,2',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '\u0000',
    '{}'.repeat(10_000),
    '{"linkId":1e999,"hubId":-1e999,"page":1e999}',
    `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    `[${'1,'.repeat(50_000)}1]`,
    '"just a string"',
    '12345',
    'null',
    'true',
  )
  .map((raw) => ({ [RAW]: raw }));

function callerArb(op: Operation): fc.Arbitrary<Caller> {
  const listed: Caller[] = Array.isArray(op.access) ? [...(op.access as Role[])] : [];
  const own = listed.length > 0 ? listed : (['admin'] as Caller[]);
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant<Caller>('admin') },
    { weight: 4, arbitrary: fc.constantFrom(...own) },
    { weight: 2, arbitrary: fc.constantFrom<Caller>(...ROLES) },
    { weight: 2, arbitrary: fc.constant<Caller>('nobody') },
  );
}

/** Valid-shaped most of the time, hostile otherwise; a part without a schema is left empty or junk. */
function partArb(op: Operation, where: 'params' | 'query' | 'body'): fc.Arbitrary<unknown> {
  const schema = where === 'params' ? op.params : where === 'query' ? op.querystring : op.body;
  if (!schema) {
    if (where === 'body') return fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, hostileValue);
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant({}) },
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), hostileValue, { maxKeys: 2 }),
    );
  }
  // This operation's own typed confirmation, so valid-shaped cases get past it.
  const confirm = CONFIRMATIONS[op.id]?.text ?? DELETE_UNEXECUTED_CONFIRMATION;
  const own = { ...hints, confirmation: [confirm], confirm: [confirm] };
  return fc.oneof(
    { weight: 6, arbitrary: validOf(schema, own) },
    { weight: 3, arbitrary: hostileOf(schema, { whole: where === 'body', hints: own }) },
    { weight: where === 'body' ? 1 : 0, arbitrary: rawBody },
  );
}

function caseArb(op: Operation): fc.Arbitrary<Case> {
  return fc.record({
    caller: callerArb(op),
    params: partArb(op, 'params') as fc.Arbitrary<Record<string, unknown>>,
    query: partArb(op, 'query') as fc.Arbitrary<Record<string, unknown>>,
    body: partArb(op, 'body'),
  });
}

const asText = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : JSON.stringify(v);

function urlOf(op: Operation, c: Case): string {
  const path = op.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = c.params && typeof c.params === 'object' ? c.params[name] : undefined;
    return v === undefined ? '' : encodeURIComponent(asText(v) ?? '');
  });
  const q = new URLSearchParams();
  if (c.query && typeof c.query === 'object' && !Array.isArray(c.query)) {
    for (const [k, v] of Object.entries(c.query)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) q.append(k, asText(one) ?? '');
    }
  }
  const qs = q.toString();
  return `${stack.url}${path}${qs ? `?${qs}` : ''}`;
}

/** A case that would touch the fuzz's own accounts is pointed at a user that does not exist. */
function spare(op: Operation, c: Case): Case {
  if (op.service !== 'auth' || !c.params || typeof c.params !== 'object') return c;
  const id = c.params.id;
  if (id !== undefined && ownIds.has(asText(id)?.trim().replace(/^0+/, '') ?? '')) {
    return { ...c, params: { ...c.params, id: '987654321' } };
  }
  return c;
}

interface Answer {
  status: number;
  text: string;
}

async function send(op: Operation, c: Case): Promise<Answer> {
  const headers: Record<string, string> = {};
  const cookie = c.caller === 'nobody' ? '' : (cookies.get(c.caller) ?? '');
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (c.body !== undefined && op.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body =
      c.body && typeof c.body === 'object' && RAW in c.body
        ? (c.body as { [RAW]: string })[RAW]
        : JSON.stringify(c.body);
  }
  const res = await fetch(urlOf(op, c), {
    method: op.method,
    headers,
    body,
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return { status: res.status, text: await res.text() };
}

/**
 * The only 5xx allowed: a remote device the caller named (a hub, a WiFi link, a supervisord host
 * the fuzz itself put on the board) did not answer or answered nonsense. That is the device's
 * state, said as such (502/503/504 "outcome unknown"), not the service failing; counted apart.
 */
const DEVICE_SILENT = [
  HUB_ACTION_TEXT.timeout,
  HUB_ACTION_TEXT.unreadable,
  'No connection worker holds this link right now; the command was not delivered.',
  GEN1_TEXT.timeout,
  GEN1_TEXT.unreadable,
  GEN1_TEXT.unreachable,
];
const HOST_SILENT =
  /^Host \S+ (is not reachable: nothing answers|did not answer in time|sent an answer that)/;
let deviceSilent = 0;

function isDeviceSilence(a: Answer): boolean {
  if (![502, 503, 504].includes(a.status)) return false;
  try {
    const { message } = JSON.parse(a.text) as { message: string };
    return DEVICE_SILENT.includes(message) || HOST_SILENT.test(message);
  } catch {
    return false;
  }
}

/** What is wrong with an answer, or null when it is acceptable. */
/** The texts a case sent (every string in its params, query and body), longest first. */
function sentTexts(c: Case): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (typeof v === 'string' && v.length >= 3) out.push(v);
    else if (v && typeof v === 'object' && depth < 8) for (const x of Object.values(v)) walk(x, depth + 1);
  };
  for (const part of [c.params, c.query, c.body]) walk(part, 0);
  return out.sort((x, y) => y.length - x.length);
}

function fault(a: Answer, c: Case): string | null {
  if (isDeviceSilence(a)) {
    deviceSilent++;
    return null;
  }
  if (a.status >= 500) return `answered ${a.status}`;
  if (a.status < 400) return null;
  let env: { statusCode?: unknown; message?: unknown } | null = null;
  try {
    env = JSON.parse(a.text);
  } catch {
    return `${a.status} without a JSON error envelope`;
  }
  if (env?.statusCode !== a.status) return `${a.status} whose envelope says statusCode ${env?.statusCode}`;
  if (typeof env.message !== 'string' || env.message.trim().length < 8)
    return `${a.status} without a clear message`;
  // A message may repeat what the case itself sent ("No host undefined on the board." for the id
  // "undefined"): that is the caller's text, not the service's internals.
  const own = sentTexts(c).reduce((m, t) => m.split(t).join(''), env.message);
  if (/\n\s+at |\[object Object\]|undefined|ECONN|SQLSTATE|Mongo/i.test(own))
    return `${a.status} whose message leaks internals`;
  return null;
}

function describeCase(op: Operation, c: Case): string {
  const shown = (v: unknown) => {
    const t = asText(v) ?? 'undefined';
    return t.length > 300 ? `${t.slice(0, 300)}…(${t.length})` : t;
  };
  const body = c.body && typeof c.body === 'object' && RAW in c.body ? { raw: c.body[RAW] } : c.body;
  return `${op.method} ${op.path} as ${c.caller} params=${shown(c.params)} query=${shown(c.query)} body=${shown(body)}`;
}

/** How many answers of each status the whole run saw (printed: what the cases reached). */
const tally = new Map<number | string, number>();
/** Operations that answered 2xx at least once (the cases reached the service's work, not only its checks). */
const reached = new Set<string>();
/** For each operation, how often each 4xx message came (to show where its cases stopped). */
const refusals = new Map<string, Map<string, number>>();

function noteRefusal(op: Operation, a: Answer) {
  if (a.status < 400 || a.status >= 500 || a.status === 401 || a.status === 403) return;
  let message = a.text.slice(0, 120);
  try {
    message = `${a.status} ${(JSON.parse(a.text) as { message: string }).message.slice(0, 120)}`;
  } catch {
    // kept as text
  }
  const m = refusals.get(op.id) ?? new Map<string, number>();
  m.set(message, (m.get(message) ?? 0) + 1);
  refusals.set(op.id, m);
}

async function fuzzOperation(op: Operation, index: number): Promise<string[]> {
  const cases = fc.sample(caseArb(op), { numRuns: RUNS, seed: SEED + index });
  const faults = new Map<string, string>();
  for (const raw of cases) {
    const c = spare(op, op.session === 'close' ? { ...raw, caller: 'nobody' } : raw);
    let problem: string | null;
    let answer: Answer | null = null;
    try {
      answer = await send(op, c);
      tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
      if (answer.status < 300) reached.add(op.id);
      noteRefusal(op, answer);
      problem = fault(answer, c);
    } catch (err) {
      problem = `no answer (${(err as Error).name})`;
    }
    if (!problem) continue;
    const key = `${problem}: ${answer?.text.slice(0, 200) ?? ''}`;
    if (!faults.has(key)) faults.set(key, describeCase(op, c));
  }
  return [...faults].map(([what, example]) => `${op.id}: ${what}\n    e.g. ${example}`);
}

/** Ids, MACs and texts that exist in this world and on the simulator's links, by field name. */
async function worldHints(): Promise<Hints> {
  const col = async (sql: string) =>
    (await stack.world.pool.query<{ v: string }>(sql)).rows.map((r) => r.v).filter(Boolean);
  const hubIds = [
    ...syntheticFleet({ hubs: SIM_HUBS, wfls: 0, hosts: 0, seed: SIM_SEED }).hubs.map((h) => h.hubId),
    ...(await col('select hub_id::text as v from search_g2_hubs limit 3')),
  ];
  const rootGroupIds = await col('select root_group_id as v from search_g2_structures limit 3');
  const gen1Users = await col('select user_id::text as v from users order by user_id limit 3');
  const gen2Users = await col('select user_id as v from search_g2_users limit 3');
  const macs = await col('select mac as v from wfls limit 3');
  const day = 86_400_000;
  const dates = [
    new Date(Date.now() - 30 * day).toISOString(),
    new Date(Date.now() - day).toISOString().slice(0, 10),
    new Date().toISOString(),
  ];
  return {
    linkId: hubIds,
    hubId: hubIds,
    link2Id: hubIds,
    rootGroupId: rootGroupIds,
    customerId: rootGroupIds,
    userId: [...gen1Users, ...gen2Users],
    id: gen1Users,
    mac: macs,
    mac8: macs.map((m) => m.replace(/[^0-9A-Fa-f]/g, '').slice(-8)),
    serial: await col('select serial as v from latest_energy limit 3'),
    wflId: await col('select wfl_id::text as v from wfls limit 3'),
    roomId: await col('select room_id::text as v from rooms limit 3'),
    email: await col('select email as v from users limit 2'),
    text: [...macs, ...rootGroupIds, 'a', 'test'],
    ...Object.fromEntries(
      ['from', 'to', 'fromDate', 'toDate', 'start', 'end', 'date', 'before'].map((k) => [k, dates]),
    ),
  };
}

beforeAll(async () => {
  const setupStart = performance.now();
  stack = await startWorldStack('fuzz', 11, 25, {
    histories: true,
    index: 'always',
    services: ['auth', 'search', 'simulator', 'hub-control', 'supervisor', 'stats', 'gateway'],
    env: {
      SIM_HUBS: String(SIM_HUBS),
      SIM_WFLS: '2',
      SIM_HOSTS: '1',
      SIM_SEED: String(SIM_SEED),
      ...QUIET_SIMULATOR,
    },
  });
  const stackUp = performance.now();
  hints = await worldHints();
  const admin = await signInAdmin(stack);
  // One at a time: each is an argon2 hash, and the machine is shared.
  for (const role of ROLES) {
    const user = await createStaff(admin, role, `Fuzz ${role}`);
    const client = await signInApi(stack, user.email, user.password);
    const me = await client.call('GET', '/api/users/me');
    ownIds.add(String(me.json.id ?? me.json.userId));
    cookies.set(role, client.sessionCookie);
  }
  const boot = await admin.call('GET', '/api/users/me');
  ownIds.add(String(boot.json.id ?? boot.json.userId));
  console.log(
    `operation fuzz: seed ${SEED}, ${RUNS} cases × ${OPERATIONS.length} operations ` +
      `(stack and world ${Math.round((stackUp - setupStart) / 1000)} s, users ${Math.round((performance.now() - stackUp) / 1000)} s)`,
  );
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('every operation, fuzzed from its schemas', () => {
  it('answers every case, never 5xx, every 4xx with a clear message', async () => {
    const found: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < OPERATIONS.length) {
        const i = next++;
        found.push(...(await fuzzOperation(OPERATIONS[i] as Operation, i)));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const statuses = [...tally].sort(([a], [b]) => Number(a) - Number(b));
    console.log(
      `answers by status: ${statuses.map(([s, n]) => `${s}×${n}`).join(' ')}; ` +
        `${deviceSilent} of them a device that did not answer; ` +
        `${reached.size}/${OPERATIONS.length} operations answered 2xx at least once; not: ` +
        OPERATIONS.filter((o) => !reached.has(o.id))
          .map((o) => {
            const top = [...(refusals.get(o.id) ?? [])].sort(([, a], [, b]) => b - a)[0];
            return `\n  ${o.id} (most often: ${top ? `${top[0]} ×${top[1]}` : 'no 4xx'})`;
          })
          .join(''),
    );
    expect(found, `seed ${SEED}:\n${found.join('\n')}`).toEqual([]);
  }, 600_000);
});
