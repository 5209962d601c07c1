import { compareFirmware, type HubActionResult, SURVEY_LINKS, type SurveyResult } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { data, failure, type HubControlHarness, startHubControl } from './harness.ts';

/**
 * Survey Links on the real app over the real simulator (40 hubs): the three tables, the reasons a
 * hub lands in Offline / Error, the bounds (concurrency, per-hub timeout, budget), the row Backup
 * as an audited hub action, and hostile input. Two hubs at a time, so the bounds show.
 */
const h = useSuite(() =>
  startHubControl(
    { SURVEY_CONCURRENCY: '2', SURVEY_HUB_TIMEOUT_MS: '1000', SURVEY_BUDGET_MS: '2500' },
    { SIM_HUBS: '40' },
  ),
);
const datauser = () => h.caller(['datauser'], 'Dana Data');
const hub = (i: number) => h.fleet[i] as HubControlHarness['fleet'][number];
const ids = (list: HubControlHarness['fleet']) => list.map((x) => String(x.hubId));
const survey = async (linkIds: string[]) =>
  data<SurveyResult>(await h.call('hub-control.surveyLinks', datauser(), { linkIds }));
const errorOf = (r: SurveyResult, linkId: number) => r.responseError.find((e) => e.linkId === linkId);

describe('surveying links', () => {
  it('puts every answering hub in Online or Online - 3.38 by firmware, with the hub’s fields', async () => {
    const r = await survey(ids(h.fleet));
    expect(r.responseError).toEqual([]);
    expect(r.responseSuccess.length + r.responseSuccess337.length).toBe(40);
    expect(r.baseFirmware).toBe('3.35.0');
    for (const x of h.fleet) {
      const newer = compareFirmware(x.firmwareVersion, SURVEY_LINKS.splitFirmware) >= 0;
      const table = newer ? r.responseSuccess337 : r.responseSuccess;
      expect(table.find((row) => row.linkId === x.hubId)).toMatchObject({
        firmwareVersion: x.firmwareVersion,
        devices: x.devices.length,
        groupAccess: [x.rootGroupId],
        deviceId: x.devices[0]?.deviceId,
        handlerId: `link2.${x.hubId}.${x.devices[0]?.deviceId}`,
        firmwareVersionIssue: false,
      });
    }
    // The fleet has both kinds, so both online tables are exercised.
    expect(r.responseSuccess.length).toBeGreaterThan(0);
    expect(r.responseSuccess337.length).toBeGreaterThan(0);
  });

  it('asks a repeated id once and keeps the order the ids were given', async () => {
    const older = (x: HubControlHarness['fleet'][number]) =>
      compareFirmware(x.firmwareVersion, SURVEY_LINKS.splitFirmware) < 0;
    const picked = [hub(3), hub(1), hub(2), hub(9), hub(11)].filter(older);
    expect(picked.length).toBeGreaterThan(1);
    const r = await survey([...ids(picked), ...ids(picked)]);
    expect(r.responseSuccess.map((row) => row.linkId)).toEqual(picked.map((x) => x.hubId));
  });

  it('flags online hubs below the base firmware the person gave', async () => {
    const linkIds = ids(h.fleet.slice(0, 10));
    const r = data<SurveyResult>(
      await h.call('hub-control.surveyLinks', datauser(), { linkIds, baseFirmware: '3.38.1' }),
    );
    expect(r.baseFirmware).toBe('3.38.1');
    for (const row of [...r.responseSuccess, ...r.responseSuccess337])
      expect(row.firmwareVersionIssue, row.firmwareVersion).toBe(
        compareFirmware(row.firmwareVersion, '3.38.1') < 0,
      );
    expect(r.responseSuccess.every((row) => row.firmwareVersionIssue)).toBe(true);
  });

  it('says why a hub is in Offline / Error: offline, unknown, failing, unreadable; error state is online', async () => {
    await h.simControl('offline', { hubId: hub(4).hubId, offline: true });
    await h.simControl('malformed', { hubId: hub(5).hubId, replies: 1 });
    await h.simControl('error', { hubId: hub(6).hubId, errorState: true });
    await h.db.collection('hubs').insertOne({ hubId: hub(4).hubId, rootGroupId: hub(4).rootGroupId });
    await h.db.collection('products').insertMany([{ linkId: hub(4).hubId }, { linkId: hub(4).hubId }]);
    await h.waitUntil(async () => !(await h.app.presence.get(hub(4).hubId))?.connected, 'hub 4 offline');
    try {
      const r = await survey([...ids([hub(4), hub(5), hub(6)]), '987654321']);
      expect(errorOf(r, hub(4).hubId)).toMatchObject({
        errorMessage: 'The link is not connected, a survey cannot be performed until the link is online.',
        devices: 2,
        groupAccess: [hub(4).rootGroupId],
      });
      expect(errorOf(r, hub(5).hubId)?.errorMessage).toMatch(/could not be read/);
      expect(errorOf(r, 987654321)).toMatchObject({
        errorMessage: 'There is no hub 987654321.',
        devices: null,
      });
      const online = [...r.responseSuccess, ...r.responseSuccess337];
      expect(online.find((row) => row.linkId === hub(6).hubId)?.errorState).toBe(true);
      expect(errorOf(r, hub(4).hubId)?.at).toEqual(expect.any(Number));
    } finally {
      await h.simControl('offline', { hubId: hub(4).hubId, offline: false });
      await h.simControl('error', { hubId: hub(6).hubId, errorState: false });
    }
  });

  it('gives each hub its own timeout, asks two at a time, never retries, and stops at the budget', async () => {
    const slow = h.fleet.slice(10, 18);
    const requests = h.record(`${h.prefix}.hub.*.msg.request.system.read`);
    for (const x of slow) await h.simControl('slow', { hubId: x.hubId, delayMs: 4000 });
    try {
      const r = await survey(ids(slow));
      expect(r.responseError.map((e) => e.linkId).sort()).toEqual(slow.map((x) => x.hubId).sort());
      const timedOut = r.responseError.filter((e) => /^No reply in \d+ ms/.test(e.errorMessage));
      const notAsked = r.responseError.filter((e) => e.errorMessage.startsWith('Not asked'));
      expect(timedOut.length + notAsked.length).toBe(8);
      // Each round of two waits a full second at least, so a 2.5 s budget cannot reach all eight.
      expect(timedOut.length).toBeGreaterThanOrEqual(2);
      expect(timedOut.length).toBeLessThanOrEqual(6);
      // No hub is asked with too little of the budget left to answer in (it would be called silent).
      for (const e of timedOut) expect(Number(/\d+/.exec(e.errorMessage)?.[0])).toBeGreaterThanOrEqual(250);
      expect(r.durationMs).toBeGreaterThanOrEqual(2000);
      // Never retried: each hub asked got exactly one request.
      await h.waitUntil(() => requests.length >= timedOut.length, 'requests seen');
      const asked = requests.map((m) => m.subject);
      expect(new Set(asked).size).toBe(asked.length);
    } finally {
      for (const x of slow) await h.simControl('slow', { hubId: x.hubId, delayMs: 0 });
    }
  });

  it('leaves one audit event per survey', async () => {
    const events = h.record(`${h.prefix}.audit.survey-links`);
    await survey(ids([hub(0), hub(1)]));
    await h.waitUntil(() => events.length === 1, 'audit event');
    expect(events[0]?.json()).toMatchObject({
      kind: 'survey-links',
      asked: 2,
      online: 2,
      errors: 0,
      staff: { name: 'Dana Data' },
    });
  });
});

describe('backups on the survey rows', () => {
  it('shows the newest two backups on record, whichever way their dates were stored', async () => {
    const linkId = hub(7).hubId;
    await h.db.collection('backups').insertMany([
      { backupId: 'b-old', linkId, createdDate: new Date('2026-01-02T00:00:00Z'), reason: 'scheduled' },
      {
        backupId: 'b-new',
        linkId,
        createdDate: '2026-03-04T00:00:00.000Z',
        reason: 'manual',
        firmwareVersion: '3.37.2',
      },
      { backupId: 'b-oldest', linkId, createdDate: new Date('2025-01-01T00:00:00Z'), reason: 'manual' },
    ]);
    const r = await survey([String(linkId)]);
    expect([...r.responseSuccess, ...r.responseSuccess337][0]).toMatchObject({
      backup1CreatedDate: '2026-03-04T00:00:00.000Z',
      backup1CreatedDateOld: '2026-01-02T00:00:00.000Z',
      backup1Cause: 'manual',
      backup1FWVersion: '3.37.2',
    });
  });

  it('backs a row up now as a hub action: transaction, note and audit event, then the row shows it', async () => {
    const linkId = hub(8).hubId;
    const audit = h.record(`${h.prefix}.audit.hub-action`);
    const result = data<HubActionResult>(await h.call('hub-control.surveyBackup', datauser(), { linkId }));
    expect(result).toMatchObject({ hubId: linkId, action: 'Backup', success: true });
    await h.waitUntil(() => audit.length === 1, 'audit event');
    expect(audit[0]?.json()).toMatchObject({ action: 'Backup', hubId: linkId, staff: { name: 'Dana Data' } });
    await h.waitUntil(
      async () =>
        (await h.db.collection('transactions').findOne({ transactionId: result.transactionId })) !== null,
      'transaction written',
    );
    const r = await survey([String(linkId)]);
    const row = [...r.responseSuccess, ...r.responseSuccess337][0];
    expect(row?.backup1Cause).toBe('survey');
    expect(row?.backup1CreatedDate).toBe(result.items[0]?.payload.createdDate);
  });
});

describe('hostile input and roles', () => {
  const refuse = async (body: unknown) => failure(await h.call('hub-control.surveyLinks', datauser(), body));

  it('refuses an empty list, too many ids (saying the cap), malformed ids and extra fields', async () => {
    expect(await refuse({ linkIds: [] })).toMatchObject({ statusCode: 400 });
    const many = Array.from({ length: SURVEY_LINKS.maxIds + 1 }, (_, i) => String(i + 1));
    const tooMany = await refuse({ linkIds: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.message).toContain(String(SURVEY_LINKS.maxIds));
    for (const bad of ['12a', '', ' 12', '-5', '0', '1e9', '12345678901234567'])
      expect((await refuse({ linkIds: [bad] })).statusCode, bad).toBe(400);
    expect((await refuse({ linkIds: [12] })).statusCode).toBe(400);
    expect((await refuse({ linkIds: ['1'], extra: true })).statusCode).toBe(400);
    expect((await refuse(null)).statusCode).toBe(400);
    expect((await refuse({ linkIds: ['1'], baseFirmware: 'x; drop' })).statusCode).toBe(400);
  });

  it('refuses other roles (403) for the survey and its Backup; nothing is sent to a hub', async () => {
    const requests = h.record(`${h.prefix}.hub.*.msg.request.>`);
    for (const roles of [['support'], ['dev'], []] as const) {
      const who = h.caller([...roles], 'Sam Support');
      const s = failure(await h.call('hub-control.surveyLinks', who, { linkIds: [String(hub(0).hubId)] }));
      expect(s.statusCode).toBe(403);
      const b = failure(await h.call('hub-control.surveyBackup', who, { linkId: hub(0).hubId }));
      expect(b.statusCode).toBe(403);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(requests).toEqual([]);
  });
});
