/**
 * The Gen1 command path end to end: the real simulator (its WiFi links), hub-control, auth and
 * gateway, each in its own process, on real NATS, Postgres (the world's Gen1 schema), Redis and the
 * Mongo-compatible server. The test signs in through the gateway like the console does, and
 * watches the links' subjects with its own NATS client. Nothing is stood in. A poke's command
 * waterfall (its correlation id on the link's request and its timed stages) is checked here too.
 */
import {
  type ActionWaterfall,
  CORRELATION_HEADERS,
  CORRELATION_HTTP_HEADER,
  GEN1_TEXT,
  type Gen1CommandList,
  type Gen1CommandResult,
  type Gen1Pings,
  subjects,
  WFL_COMMAND_RULES,
  wflRuleMessage,
} from '@console/contracts';
import { infraEnv, type ScratchPostgres, scratchPostgres, storedAuditEvents } from '@console/kit/testing';
import { syntheticFleet } from '@console/simulator/fleet';
import { migrateWorld } from '@console/world';
import type { NatsConnection } from '@nats-io/nats-core';
import type { Db } from 'mongodb';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';

const USER = 601;
let stack: HubStack;
let world: ScratchPostgres;
let pool: pg.Pool;
let nc: NatsConnection;
let db: Db;
let support: Client;
let nobody: Client;
const macs = syntheticFleet({ hubs: 0, wfls: 4, hosts: 0, seed: 3 }).wfls.map((w) => w.mac);
const mac = (i: number) => macs[i] as string;
const enc = encodeURIComponent;

const staff = (admin: Client, roles: string, name: string) => staffClient(stack, admin, roles, name);
const watch = (subject: string) => stack.watch(subject);
const simControl = (op: 'offline' | 'slow', body: unknown) => stack.simControl(op, body);
const pings = async (m: string) =>
  (await support.call('GET', `/api/support/pingsq/latest/${enc(m)}`)).json as Gen1Pings;
const impersonate = (command: string, device: string, user = USER) =>
  support.call('GET', `/api/impersonate-user/${user}/${enc(device)}/${enc(command)}`);
const count = async (sql: string, values: unknown[]) => (await pool.query(sql, values)).rows[0].n as number;
/** Waits until the link's stored ping time has not moved for 1.2 s (no ping left in flight). */
async function settledPingTime(m: string): Promise<void> {
  const read = async () =>
    (await pool.query('select pingtime from wfls where mac = $1', [m])).rows[0]?.pingtime as string | null;
  let last = await read();
  let since = Date.now();
  await stack.waitFor(
    async () => {
      const now = await read();
      if (now !== last) [last, since] = [now, Date.now()];
      return Date.now() - since >= 1200;
    },
    'the link’s ping time to settle',
    { timeoutMs: 10_000, intervalMs: 200 },
  );
}

beforeAll(async () => {
  world = await scratchPostgres(infraEnv().DATABASE_URL, 'itgen1');
  pool = world.pool;
  await migrateWorld(pool);
  await pool.query(
    `insert into users (user_id, email, username, name, created, updated) values ($1, 'pat@example.test', 'pat', 'Pat', 0, 0)`,
    [USER],
  );
  for (let i = 0; i < 4; i++)
    await pool.query(
      `insert into wfls (wfl_id, user_id, mac, name, serial, created, updated) values ($1, $2, $3, $4, 'S', 0, 0)`,
      [8001 + i, USER, mac(i), `Link ${i}`],
    );
  // 40 rows on link 0: every third never executed, every fifth without a reply.
  await pool.query(
    `insert into command_queue (id, wfl_id, mac, email, request_date, command, reply, reply_string, ack_date)
     select n, 8001, $1, 'pat@example.test', now() - make_interval(mins => 100 - n), '!R1D1F1', n % 5 <> 0,
            case when n % 5 <> 0 then 'OK' end, case when n % 3 <> 0 then now() end
       from generate_series(1, 40) n`,
    [mac(0)],
  );
  stack = await startHubStack({
    wfls: 4,
    seed: 3,
    env: { SIM_WFL_PING_S: '1', DATABASE_URL: world.url, WFL_TIMEOUT_MS: '1000' },
  });
  nc = stack.nc;
  db = stack.mongo.db;
  const admin = await signInAdmin(stack);
  support = await staff(admin, 'support', 'Sam Support');
  nobody = await staff(admin, '', 'Nia Noroles');
  await stack.waitFor(
    async () => (await Promise.all(macs.map(pings))).every((p) => p.online),
    'every link online',
    {
      timeoutMs: 20_000,
      intervalMs: 100,
    },
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await world?.drop();
});

describe('the command queue through the gateway', () => {
  it('loads 15, then 10 older than the last id, newest first', async () => {
    const first = await support.call('GET', `/api/support/wflCommands/${enc(mac(0))}`);
    expect(first.status).toBe(200);
    const list = first.json as Gen1CommandList;
    expect(list.commands.map((c) => c.id)).toEqual(Array.from({ length: 15 }, (_, i) => 40 - i));
    expect(list.more).toBe(true);
    const next = (await support.call('GET', `/api/support/wflCommands/${enc(mac(0))}/10/26`))
      .json as Gen1CommandList;
    expect(next.commands.map((c) => c.id)).toEqual(Array.from({ length: 10 }, (_, i) => 25 - i));
    const refresh = (await support.call('GET', `/api/support/wflCommands/${enc(mac(0))}/10`))
      .json as Gen1CommandList;
    expect(refresh.commands[0]?.id).toBe(40);
    expect(refresh.commands).toHaveLength(10);
    expect((await support.call('GET', `/api/support/wflCommands/${enc(mac(0))}/500`)).status).toBe(400);
  });

  it('lists the commands with no reply', async () => {
    const res = await support.call('GET', `/api/support/wflcommands/noReplayCommands/${enc(mac(0))}`);
    expect((res.json as Gen1CommandList).commands.map((c) => c.id)).toEqual([40, 35, 30, 25, 20, 15, 10, 5]);
  });

  it('is refused to staff without a Support role', async () => {
    expect((await nobody.call('GET', `/api/support/wflCommands/${enc(mac(0))}`)).status).toBe(403);
    expect((await nobody.call('GET', `/api/support/pingsq/latest/${enc(mac(0))}`)).status).toBe(403);
    expect(
      (await nobody.call('GET', `/api/impersonate-user/${USER}/${enc(mac(1))}/${enc('!R1D1F1')}`)).status,
    ).toBe(403);
    expect(
      (await nobody.call('DELETE', `/api/support/wflCommands/${enc(mac(0))}`, { confirmation: 'yes' }))
        .status,
    ).toBe(403);
  });

  it('deletes the un-executed commands only with the typed confirmation, and leaves a note', async () => {
    const unexecuted = () =>
      count('select count(*)::int as n from command_queue where mac = $1 and ack_date is null', [mac(0)]);
    expect(await unexecuted()).toBe(13);
    const wrong = await support.call('DELETE', `/api/support/wflCommands/${enc(mac(0))}`, {
      confirmation: 'delete',
    });
    expect(wrong).toMatchObject({ status: 400, json: { message: GEN1_TEXT.wrongConfirmation } });
    expect((await support.call('DELETE', `/api/support/wflCommands/${enc(mac(0))}`, {})).status).toBe(400);
    expect(await unexecuted()).toBe(13);
    const ok = await support.call('DELETE', `/api/support/wflCommands/${enc(mac(0))}`, {
      confirmation: 'yes',
    });
    expect(ok).toMatchObject({ status: 200, json: { deleted: 13 } });
    expect(await unexecuted()).toBe(0);
    expect(await count('select count(*)::int as n from command_queue where mac = $1', [mac(0)])).toBe(27);
    const note = await db
      .collection('supportnotes')
      .findOne({ customerId: String(USER), notes: { $regex: 'deleted 13' } });
    expect(note).toMatchObject({ userId: 'system', automatic: true });
    expect(note?.notes).toMatch(/^Sam Support \(.+\) deleted 13 un-executed commands of WiFi link/);
  });
});

describe('latest pings', () => {
  it('shows Data, Reply, Node and Date, newest first, and the link online', async () => {
    const p = await pings(mac(1));
    expect(p.online).toBe(true);
    expect(p.pings[0]).toMatchObject({ mac: mac(1), reply: 'ok', node: 'simulator-test' });
    expect(Date.now() - Date.parse(p.pings[0]?.date ?? '')).toBeLessThan(10_000);
  });
});

describe('sending a command as the user', () => {
  it('goes to the simulated link once, its queue row records the reply, and a note names the staff member', async () => {
    const wire = watch(subjects(stack.prefix).wflCmd(mac(1)));
    await nc.flush();
    const res = await impersonate('9,!R1D2FdP16', mac(1));
    expect(res.status).toBe(200);
    const r = res.json as Gen1CommandResult;
    expect(r).toMatchObject({ state: 'replied', ok: true, reply: '9,OK', wflId: 8002, userId: USER });
    expect(wire).toHaveLength(1);
    const row = (await pool.query('select * from command_queue where id = $1', [r.commandId])).rows[0];
    expect(row).toMatchObject({ mac: mac(1), command: '9,!R1D2FdP16', reply: true, reply_string: '9,OK' });
    expect(row.ack_date).not.toBeNull();
    const note = await db
      .collection('supportnotes')
      .findOne({ notes: { $regex: `command ${r.commandId}:` } });
    expect(note).toMatchObject({ customerId: String(USER), userId: 'system', automatic: true });
    expect(note?.notes).toMatch(/^Sam Support \(.+\) sent "9,!R1D2FdP16" as user 601/);
    // The queue listing shows it at the top.
    const top = (await support.call('GET', `/api/support/wflCommands/${enc(mac(1))}`))
      .json as Gen1CommandList;
    expect(top.commands[0]?.id).toBe(r.commandId);
  });

  it('a poke has a command waterfall: accepted, sent, the link’s reply, the audit record', async () => {
    const wire = watch(subjects(stack.prefix).wflCmd(mac(1)));
    await nc.flush();
    const id = `poke-wf-${Date.now()}`;
    const res = await fetch(`${stack.url}/api/impersonate-user/${USER}/${enc(mac(1))}/${enc('!R1D2F1')}`, {
      headers: { cookie: support.sessionCookie, [CORRELATION_HTTP_HEADER]: id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(CORRELATION_HTTP_HEADER)).toBe(id);
    const r = (await res.json()) as Gen1CommandResult;
    // The link's request carried the id.
    expect(wire.map((m) => m.headers?.get(CORRELATION_HEADERS.id))).toEqual([id]);
    let w: ActionWaterfall | null = null;
    await stack.waitFor(
      async () => {
        const got = await support.call('GET', `/api/supportPlus/actions/correlation/${id}`);
        w = got.status === 200 ? (got.json as ActionWaterfall) : null;
        return w?.stages.some((s) => s.kind === 'audit') ?? false;
      },
      'the poke’s audit stage',
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    const got = w as unknown as ActionWaterfall;
    expect(got).toMatchObject({
      correlationId: id,
      hubId: null,
      action: 'poke !R1D2F1',
      staff: 'Sam Support',
      state: 'replied',
    });
    expect(got.stages.map((s) => s.kind)).toEqual(['accepted', 'sent', 'response', 'audit']);
    expect(got.stages[0]?.detail).toContain(`command ${r.commandId} queued`);
    expect(got.stages[2]?.label).toBe(`reply ${r.reply}`);
    const offsets = got.stages.map((s) => s.offsetMs);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    // The poke's audit event names the id too.
    await stack.waitFor(
      async () =>
        (
          await storedAuditEvents<{ commandId: number; correlationId?: string }>(
            nc,
            stack.prefix,
            'gen1-command',
          )
        ).some((e) => e.commandId === r.commandId && e.correlationId === id),
      'the poke’s audit event with its correlation id',
    );
    // Someone without the role does not see it.
    expect((await nobody.call('GET', `/api/supportPlus/actions/correlation/${id}`)).status).toBe(403);
  });

  it('refuses a command outside the rules with the rule’s message, sending nothing', async () => {
    const wire = watch(subjects(stack.prefix).wflCmd(mac(1)));
    await nc.flush();
    for (const [command, rule] of [
      ['!R1D2FdP40', WFL_COMMAND_RULES.dim],
      ['!R1DhF*tP40.5', WFL_COMMAND_RULES.temperature],
      ['!R1DhF*vP70', WFL_COMMAND_RULES.valve],
      ['!R1DhF*pP0600-20;0700-20;0800-20;0900-20;1000-20;1100-20', WFL_COMMAND_RULES.profile],
    ] as const) {
      const res = await impersonate(command, mac(1));
      expect(res).toMatchObject({ status: 400, json: { message: wflRuleMessage(rule) } });
    }
    expect(wire).toHaveLength(0);
  });

  it('refuses an offline link with a clear message, before anything is queued', async () => {
    await simControl('offline', { mac: mac(2), offline: true });
    // A ping the link sent just before going offline may still sit in hub-control's write batch
    // (flushed every 250 ms); once written it would make the link look online again. Wait until the
    // link's ping time has stood still for over a second before ageing it.
    await settledPingTime(mac(2));
    await pool.query(`update pings set date = date - interval '2 minutes' where mac = $1`, [mac(2)]);
    await pool.query('update wfls set pingtime = pingtime - 120 where mac = $1', [mac(2)]);
    expect((await pings(mac(2))).online).toBe(false);
    const before = await count('select count(*)::int as n from command_queue where mac = $1', [mac(2)]);
    const res = await impersonate('!R1D1F1', mac(2));
    expect(res).toMatchObject({ status: 409, json: { message: GEN1_TEXT.offline } });
    expect(await count('select count(*)::int as n from command_queue where mac = $1', [mac(2)])).toBe(before);
    await simControl('offline', { mac: mac(2), offline: false });
  });

  it('reports a link that does not answer in time as outcome unknown, sent exactly once', async () => {
    await simControl('slow', { mac: mac(3), delayMs: 2500 });
    const wire = watch(subjects(stack.prefix).wflCmd(mac(3)));
    await nc.flush();
    const res = await impersonate('!R2FmP3', mac(3));
    expect(res).toMatchObject({ status: 504, json: { message: GEN1_TEXT.timeout } });
    await new Promise((r) => setTimeout(r, 2500));
    expect(wire).toHaveLength(1);
    const row = (
      await pool.query(`select * from command_queue where mac = $1 and command = '!R2FmP3'`, [mac(3)])
    ).rows;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ reply: false, ack_date: null });
    const note = await db
      .collection('supportnotes')
      .findOne({ notes: { $regex: `command ${row[0].id}: timed out \\(outcome unknown\\)` } });
    expect(note?.notes).toContain(`command ${row[0].id}`);
    await simControl('slow', { mac: mac(3), delayMs: 0 });
  });
});
