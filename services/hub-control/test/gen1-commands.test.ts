import {
  GEN1_TEXT,
  type Gen1CommandList,
  type Gen1CommandResult,
  type Gen1DeleteResult,
  type Gen1Pings,
  subjects,
  WFL_COMMAND_RULES,
  wflRuleMessage,
} from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, failure, startHubControl } from './harness.ts';

const h = useSuite(() =>
  startHubControl(
    { WFL_TIMEOUT_MS: '600' },
    { SIM_HUBS: '1', SIM_WFLS: '5', SIM_WFL_PING_S: '1' },
    { world: true },
  ),
);
const support = () => h.caller(['support'], 'Sam Support');
const mac = (i: number) => h.wfls[i]?.mac as string;
const USER = 501;
const OTHER = 502;

const commands = async (m: string, count?: number, lastId?: number) => {
  const op = lastId ? 'wflCommandsOlder' : count ? 'wflCommandsCount' : 'wflCommands';
  return data<Gen1CommandList>(
    await h.call(`hub-control.${op}`, support(), null, {
      mac: m,
      ...(count ? { count: String(count) } : {}),
      ...(lastId ? { lastId: String(lastId) } : {}),
    }),
  );
};
const send = (command: string, deviceId: string, userId = USER, caller = support()) =>
  h.call('hub-control.impersonateCommand', caller, null, { userId: String(userId), deviceId, command });
const online = async (m: string) =>
  data<Gen1Pings>(await h.call('hub-control.pingsLatest', support(), null, { mac: m })).online;

beforeAll(async () => {
  const q = (sql: string, v: unknown[]) => h.pool.query(sql, v);
  for (const [id, email] of [
    [USER, 'pat@example.test'],
    [OTHER, 'lee@example.test'],
  ] as const)
    await q(
      `insert into users (user_id, email, username, name, created, updated) values ($1, $2, $2, 'Pat', 0, 0)`,
      [id, email],
    );
  for (let i = 0; i < 5; i++)
    await q(
      `insert into wfls (wfl_id, user_id, mac, name, serial, created, updated) values ($1, $2, $3, $4, 'S', 0, 0)`,
      [9001 + i, i === 4 ? OTHER : USER, mac(i), `Link ${i}`],
    );
  await q(`insert into device_types (device_type_id, name, wlf_code) values (2, 'dimmer', 'D')`, []);
  await q(
    `insert into devices (device_id, device_type_id, name, serial, wfl_id) values (7001, 2, 'Lamp', 'X1', 9002)`,
    [],
  );
  // 40 queued commands on link 0, every third not executed and every fifth without a reply.
  for (let n = 1; n <= 40; n++)
    await q(
      `insert into command_queue (id, wfl_id, mac, email, request_date, command, reply, reply_date, reply_string, latency, ack_date)
       values ($1, 9001, $2, 'pat@example.test', now() - make_interval(mins => $3), '!R1D1F1', $4,
               case when $4 then now() else null end, case when $4 then 'OK' else null end, case when $4 then 120 else null end,
               case when $5 then null else now() end)`,
      [n, mac(0), 100 - n, n % 5 !== 0, n % 3 === 0],
    );
  // Every link the tests send to has pinged (each pings once a second, from a random start).
  await h.waitUntil(
    async () => (await Promise.all([0, 1, 2, 3].map((i) => online(mac(i))))).every(Boolean),
    'pings stored',
    8000,
  );
}, 60_000);

describe('the command queue', () => {
  it('lists newest first, 15 by default, then count rows older than lastId', async () => {
    const first = await commands(mac(0));
    expect(first.commands.map((c) => c.id)).toEqual(Array.from({ length: 15 }, (_, i) => 40 - i));
    expect(first.more).toBe(true);
    const next = await commands(mac(0), 10, 26);
    expect(next.commands.map((c) => c.id)).toEqual(Array.from({ length: 10 }, (_, i) => 25 - i));
    const last = await commands(mac(0), 10, 6);
    expect(last.commands.map((c) => c.id)).toEqual([5, 4, 3, 2, 1]);
    expect(last.more).toBe(false);
    expect(first.commands[0]).toMatchObject({ wfl_id: 9001, mac: mac(0), email: 'pat@example.test' });
    // Any spelling of the MAC, or the six digits shown.
    expect((await commands(mac(0).toLowerCase().replaceAll(':', '-'))).commands).toHaveLength(15);
    expect((await commands(mac(0).slice(9))).commands).toHaveLength(15);
    expect(
      failure(await h.call('hub-control.wflCommands', support(), null, { mac: 'not-a-mac' })),
    ).toMatchObject({
      statusCode: 400,
      message: GEN1_TEXT.badMac,
    });
  });

  it('lists the commands without a reply', async () => {
    const list = data<Gen1CommandList>(
      await h.call('hub-control.noReplyCommands', support(), null, { mac: mac(0) }),
    );
    expect(list.commands.map((c) => c.id)).toEqual([40, 35, 30, 25, 20, 15, 10, 5]);
  });

  it('is not for callers without a Support role', async () => {
    const err = failure(
      await h.call('hub-control.wflCommands', h.caller(['marketing']), null, { mac: mac(0) }),
    );
    expect(err.statusCode).toBe(403);
  });
});

describe('deleting un-executed commands', () => {
  it('needs the typed confirmation, then deletes only those without an ack, and notes it', async () => {
    const before = (
      await h.pool.query('select count(*)::int as n from command_queue where mac = $1', [mac(0)])
    ).rows[0].n;
    expect(
      failure(await h.call('hub-control.deleteWflCommands', support(), null, { mac: mac(0) })).statusCode,
    ).toBe(400);
    for (const body of [{}, { confirmation: 'no' }, { confirmation: 'yes please' }]) {
      const err = failure(await h.call('hub-control.deleteWflCommands', support(), body, { mac: mac(0) }));
      expect(err).toMatchObject({ statusCode: 400, message: GEN1_TEXT.wrongConfirmation });
    }
    expect(
      (await h.pool.query('select count(*)::int as n from command_queue where mac = $1', [mac(0)])).rows[0].n,
    ).toBe(before);

    // Within a window: of the 10 rows before id 31 (30..21), 30, 27, 24 and 21 have no ack.
    const some = data<Gen1DeleteResult>(
      await h.call(
        'hub-control.deleteWflCommandsOlder',
        support(),
        { confirmation: 'Yes' },
        {
          mac: mac(0),
          count: '10',
          lastId: '31',
        },
      ),
    );
    expect(some.deleted).toBe(4);
    const all = data<Gen1DeleteResult>(
      await h.call('hub-control.deleteWflCommands', support(), { confirmation: 'yes' }, { mac: mac(0) }),
    );
    expect(all.deleted).toBe(13 - 4);
    const left = await h.pool.query(
      'select count(*)::int as n from command_queue where mac = $1 and ack_date is null',
      [mac(0)],
    );
    expect(left.rows[0].n).toBe(0);
    expect((await commands(mac(0), 100)).commands).toHaveLength(40 - 13);
    const note = await h.db
      .collection('supportnotes')
      .findOne({ customerId: String(USER), notes: { $regex: 'deleted 9 un-executed commands' } });
    expect(note).toMatchObject({ userId: 'system', automatic: true, staff: { name: 'Sam Support' } });
    expect(note?.notes).toMatch(
      /^Sam Support \(sam@console\.test\) deleted 9 un-executed commands of WiFi link/,
    );
  });
});

describe('latest pings', () => {
  it('shows the link’s pings newest first with data, reply, node and date, and whether it is online', async () => {
    const p = data<Gen1Pings>(await h.call('hub-control.pingsLatest', support(), null, { mac: mac(1) }));
    expect(p.online).toBe(true);
    expect(p.pings.length).toBeGreaterThan(0);
    expect(p.pings[0]).toMatchObject({ mac: mac(1), reply: 'ok', node: h.workerId });
    expect(p.pings[0]?.data).toMatch(/^\*!\{"trans":/);
    const dates = p.pings.map((x) => Date.parse(x.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const row = await h.pool.query('select pingtime from wfls where mac = $1', [mac(1)]);
    expect(Number(row.rows[0].pingtime)).toBeGreaterThan(Date.now() / 1000 - 10);
  });
});

describe('sending a command as the user', () => {
  it('queues the row, sends it once to the link, records the reply, a note and an audit event', async () => {
    const wire = h.record(subjects(h.prefix).wflCmd(mac(1)));
    const audit = h.record(subjects(h.prefix).audit('gen1-command'));
    const r = data<Gen1CommandResult>(await send('42,!R1D2FdP16', mac(1)));
    expect(r).toMatchObject({
      state: 'replied',
      ok: true,
      reply: '42,OK',
      wflId: 9002,
      mac: mac(1),
      userId: USER,
    });
    expect(wire).toHaveLength(1);
    const row = (await h.pool.query('select * from command_queue where id = $1', [r.commandId])).rows[0];
    expect(row).toMatchObject({
      wfl_id: '9002',
      mac: mac(1),
      email: 'sam@console.test',
      command: '42,!R1D2FdP16',
    });
    expect(row).toMatchObject({ reply: true, reply_string: '42,OK' });
    expect(row.ack_date).toBeInstanceOf(Date);
    expect(row.latency).toBeGreaterThanOrEqual(0);
    await h.waitUntil(async () => audit.length === 1, 'audit event');
    const note = await h.db
      .collection('supportnotes')
      .findOne({ notes: { $regex: `command ${r.commandId}:` } });
    expect(note).toMatchObject({ customerId: String(USER), userId: 'system', automatic: true });
    expect(note?.notes).toContain('Sam Support (sam@console.test) sent "42,!R1D2FdP16" as user 501');
    expect(note?.notes).toContain('replied 42,OK');
  });

  it('finds the link by wfl_id or by one of the user’s devices', async () => {
    expect(data<Gen1CommandResult>(await send('!R1D1F0', '9002')).mac).toBe(mac(1));
    expect(data<Gen1CommandResult>(await send('!R1D1F0', '7001')).wflId).toBe(9002);
  });

  it('refuses a command that breaks a rule with the rule’s message, and sends nothing', async () => {
    const wire = h.record(subjects(h.prefix).wflCmd(mac(1)));
    const before = (await h.pool.query('select count(*)::int as n from command_queue')).rows[0].n;
    for (const [command, rule] of [
      ['!R1DhF*tP40.5', WFL_COMMAND_RULES.temperature],
      ['!R1DhF*tP20.3', WFL_COMMAND_RULES.temperature],
      ['!R1D1FdP33', WFL_COMMAND_RULES.dim],
      ['!R1DhF*vP62', WFL_COMMAND_RULES.valve],
      ['!R1DhF*pP0600-20;0700-20;0800-20;0900-20;1000-20;1100-20', WFL_COMMAND_RULES.profile],
    ] as const) {
      const err = failure(await send(command, mac(1)));
      expect(err).toMatchObject({ statusCode: 400, message: wflRuleMessage(rule) });
    }
    expect(wire).toHaveLength(0);
    expect((await h.pool.query('select count(*)::int as n from command_queue')).rows[0].n).toBe(before);
  });

  it('refuses a link that is not the user’s, or an unknown user', async () => {
    expect(failure(await send('!R1D1F1', mac(4)))).toMatchObject({
      statusCode: 404,
      message: GEN1_TEXT.notUsersLink,
    });
    expect(failure(await send('!R1D1F1', mac(0), 999))).toMatchObject({
      statusCode: 404,
      message: GEN1_TEXT.noUser,
    });
  });

  it('refuses an offline link before anything is queued or sent', async () => {
    await h.simControl('offline', { mac: mac(2), offline: true });
    const wire = h.record(subjects(h.prefix).wflCmd(mac(2)));
    // Offline once its last ping is 60 s old: age the link's pings and ping time.
    await h.pool.query(`update pings set date = date - interval '2 minutes' where mac = $1`, [mac(2)]);
    await h.pool.query(`update wfls set pingtime = pingtime - 120 where mac = $1`, [mac(2)]);
    expect(await online(mac(2))).toBe(false);
    const before = (
      await h.pool.query('select count(*)::int as n from command_queue where mac = $1', [mac(2)])
    ).rows[0].n;
    expect(failure(await send('!R1D1F1', mac(2)))).toMatchObject({
      statusCode: 409,
      message: GEN1_TEXT.offline,
    });
    expect(wire).toHaveLength(0);
    expect(
      (await h.pool.query('select count(*)::int as n from command_queue where mac = $1', [mac(2)])).rows[0].n,
    ).toBe(before);
    await h.simControl('offline', { mac: mac(2), offline: false });
    await h.waitUntil(() => online(mac(2)), 'back online', 5000);
  });

  it('reports a timeout as outcome unknown, keeps the row un-executed, and never sends again', async () => {
    await h.simControl('slow', { mac: mac(3), delayMs: 1500 });
    const wire = h.record(subjects(h.prefix).wflCmd(mac(3)));
    const t0 = Date.now();
    const err = failure(await send('!R2FmP3', mac(3)));
    expect(err).toMatchObject({ statusCode: 504, message: GEN1_TEXT.timeout });
    expect(Date.now() - t0).toBeLessThan(1400);
    const id = Number(err.fields?.commandId);
    await new Promise((r) => setTimeout(r, 1500));
    expect(wire).toHaveLength(1);
    const row = (await h.pool.query('select * from command_queue where id = $1', [id])).rows[0];
    expect(row).toMatchObject({ reply: false, reply_string: null, ack_date: null });
    const note = await h.db
      .collection('supportnotes')
      .findOne({ notes: { $regex: `command ${id}: timed out` } });
    expect(note?.notes).toContain('outcome unknown');
    const noReply = data<Gen1CommandList>(
      await h.call('hub-control.noReplyCommands', support(), null, { mac: mac(3) }),
    );
    expect(noReply.commands.map((c) => c.id)).toContain(id);
    await h.simControl('slow', { mac: mac(3), delayMs: 0 });
  });
});
