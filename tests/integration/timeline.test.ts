/**
 * The hub timeline operation end to end: the real simulator, hub-control, auth and gateway as
 * processes on real NATS (the hub stream of the test's own prefix), Redis and the Mongo-compatible
 * server; the test adds messages to the hub's subjects with its own NATS client, stored records
 * beside the action hub-control writes, and removes stream positions itself to make gaps.
 */
import {
  streamKey,
  streamNames,
  subjects,
  TIMELINE_TEXT,
  type TimelineEntry,
  type TimelinePage,
} from '@console/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';

let stack: HubStack;
let admin: Client;
let support: Client;
let nobody: Client;
let datauser: Client;
let hubId: number;
let rootGroupId: string;

const until = (check: () => Promise<boolean> | boolean, what: string) =>
  stack.waitFor(check, what, { timeoutMs: 20_000, intervalMs: 150 });
const path = (q = '') => `/api/supportPlus/hub/${hubId}/timeline${q}`;
const page = async (c: Client, q = '') => {
  const res = await c.call('GET', path(q));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as TimelinePage;
};
const sorted = (entries: TimelineEntry[]) =>
  entries.every((e, i) => i === 0 || (entries[i - 1] as TimelineEntry).at >= e.at);

/** Publishes hub messages on the hub's subjects and waits until the stream holds them. */
async function publishMessages(n: number, operation = 'event', cls = 'feature') {
  const s = subjects(stack.prefix);
  for (let i = 0; i < n; i++) {
    stack.nc.publish(
      s.hubMsg(hubId, 'notification', cls, operation),
      JSON.stringify({
        class: cls,
        operation,
        direction: 'notification',
        senderId: hubId,
        items: [{ n: i }],
      }),
    );
    await new Promise((r) => setTimeout(r, 3));
  }
  await stack.nc.flush();
}

beforeAll(async () => {
  stack = await startHubStack({ hubs: 2, seed: 11 });
  hubId = (stack.fleet[0] as { hubId: number }).hubId;
  rootGroupId = (stack.fleet[0] as { rootGroupId: string }).rootGroupId;
  admin = await signInAdmin(stack);
  support = await staffClient(stack, admin, 'support', 'Tia Timeline');
  nobody = await staffClient(stack, admin, '', 'Nia Noroles');
  datauser = await staffClient(stack, admin, 'datauser', 'Dan Data');
  await until(
    async () => (await admin.call('GET', `/api/supportPlus/hub/${hubId}`)).json?.presence?.connected === true,
    'hub connected',
  );
  // An action (transaction + automatic note), messages, and stored records of the other sources.
  const action = await support.call('POST', '/api/supportPlus/socket/system-read', {
    linkId: hubId,
    admin: true,
  });
  expect(action.status, JSON.stringify(action.json)).toBe(200);
  await until(
    async () => (await stack.mongo.db.collection('transactions').countDocuments({ hubId })) === 1,
    'transaction written',
  );
  await publishMessages(6);
  const now = Date.now();
  // An older transaction names the hub by linkId only (read by its own equality query).
  await stack.mongo.db.collection('transactions').insertOne({
    linkId: hubId,
    rootGroupId,
    action: 'Legacy Read',
    class: 'system',
    operation: 'read',
    state: 'replied',
    success: true,
    createdDate: new Date(now - 45_000),
  });
  await stack.mongo.db.collection('syncupdates').insertOne({
    rootGroupId,
    linkId: hubId,
    createdDate: new Date(now - 60_000),
    state: { type: 'sync', subType: 'errorState-is-set', caller: 'link2', errorCount: 2 },
    errorSyncUpdateId: 'e-1',
    data: [],
  });
  await stack.mongo.db.collection('firmware-queue').insertOne({
    rootGroupId,
    linkId: hubId,
    deviceId: 'd-1',
    productCode: 'P1',
    releaseId: 'P1-7.2',
    createdDate: new Date(now - 120_000),
    updatedDate: new Date(now - 120_000),
    complete: true,
    failed: false,
    deleted: false,
  });
  await stack.mongo.db.collection('supportnotes').insertOne({
    notes: 'Customer says the hub blinks',
    customerId: rootGroupId,
    userId: 'tia@x',
    updatedDate: new Date(now - 30_000),
  });
}, 150_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the hub timeline', () => {
  it('merges every source newest first, and an annotation is kept and audited', async () => {
    const audit = stack.watch(subjects(stack.prefix).audit('timeline-annotation'));
    const now = Date.now();
    const made = await support.call('POST', `/api/supportPlus/hub/${hubId}/annotations`, {
      from: now - 90_000,
      to: now - 10_000,
      text: 'Customer rebooted the router here',
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    await until(() => audit.length === 1, 'annotation audit event');
    expect(audit[0]?.json()).toMatchObject({
      action: 'create',
      hubId,
      text: 'Customer rebooted the router here',
    });

    const p = await page(support);
    const sources = new Set(p.entries.map((e) => e.source));
    for (const s of ['message', 'presence', 'action', 'note', 'sync', 'firmware', 'annotation'])
      expect(sources, s).toContain(s);
    expect(sorted(p.entries)).toBe(true);
    expect(p.epoch).toMatch(/^[A-Za-z0-9_-]+$/);
    const action = p.entries.find((e) => e.source === 'action');
    expect(action?.action).toMatchObject({ state: 'replied', success: true });
    expect(action?.title).toContain('success');
    // Transactions by hubId and by linkId, each once (the real one names the hub both ways).
    const actions = p.entries.filter((e) => e.source === 'action');
    expect(actions.map((e) => e.title.split(' (')[0]).sort()).toEqual(['Legacy Read', 'System Read']);
    expect(new Set(p.entries.map((e) => e.key)).size).toBe(p.entries.length);
    expect(p.entries.find((e) => e.source === 'sync')?.title).toContain('Error state set');
    // Only this hub's stream entries.
    for (const e of p.entries.filter((x) => x.seq !== undefined))
      expect(JSON.stringify(e.data)).not.toContain(String((stack.fleet[1] as { hubId: number }).hubId));
  });

  it('reads the hub stream alone for the newest entries when asked (only=stream)', async () => {
    const whole = await page(support, '?limit=500');
    const streamOnly = await page(support, '?limit=500&only=stream');
    expect(streamOnly.partial).toBe(true);
    expect(streamOnly.older).toBeNull();
    expect(streamOnly.newer).toBeNull();
    expect(streamOnly.epoch).toBe(whole.epoch);
    expect(streamOnly.entries.length).toBeGreaterThan(0);
    expect(sorted(streamOnly.entries)).toBe(true);
    for (const e of streamOnly.entries) expect(['message', 'presence', 'gap']).toContain(e.source);
    // The same stream entries as the whole page has (presence may have moved on in between).
    const wholeKeys = new Set(whole.entries.map((e) => e.key));
    const newest = (whole.entries[0] as TimelineEntry).at;
    const oldest = (whole.entries.at(-1) as TimelineEntry).at;
    const within = streamOnly.entries.filter((e) => e.at <= newest && e.at >= oldest);
    expect(within.length).toBeGreaterThan(0);
    expect(within.filter((e) => !wholeKeys.has(e.key))).toEqual([]);
    expect(whole.partial).toBeUndefined();
    // With the live monitor's filters too.
    const filtered = await page(support, '?only=stream&classes=system');
    expect(
      filtered.entries.filter((e) => e.source === 'message').every((e) => e.meta?.class === 'system'),
    ).toBe(true);
    // Not with a cursor or a focus.
    for (const q of [`&before=${whole.older ?? '1'}`, '&after=1', '&at=1'])
      expect((await support.call('GET', path(`?only=stream${q}`))).status).toBe(400);
    expect((await support.call('GET', path('?only=notes'))).status).toBe(400);
    // The roles still apply.
    expect((await nobody.call('GET', path('?only=stream'))).status).toBe(403);
  });

  it('pages older and newer with cursors: every entry once, in order', async () => {
    const whole = await page(support, '?limit=500');
    const keys = whole.entries.map((e) => e.key);
    const walked: TimelineEntry[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const p: TimelinePage = await page(support, `?limit=3${cursor ? `&before=${cursor}` : ''}`);
      walked.push(...p.entries);
      cursor = p.older;
      if (!cursor) break;
    }
    // Presence goes on arriving while the test walks: newer entries may join; none may repeat or go missing.
    const known = new Set(keys);
    const once = (list: TimelineEntry[]) => expect(new Set(list.map((e) => e.key)).size).toBe(list.length);
    once(walked);
    expect(walked.map((e) => e.key).filter((k) => known.has(k))).toEqual(keys);
    // And back up from the oldest, newer pages.
    const up: TimelineEntry[] = [];
    let after = `${(whole.entries.at(-1) as TimelineEntry).at - 1}`;
    for (let i = 0; i < 100; i++) {
      const p: TimelinePage = await page(support, `?limit=4&after=${after}`);
      up.unshift(...p.entries);
      if (!p.newer || p.entries.length === 0) break;
      after = p.newer;
    }
    once(up);
    expect(up.map((e) => e.key).filter((k) => known.has(k))).toEqual(keys);
  });

  it('applies the live monitor’s filters to messages only; text to everything', async () => {
    await publishMessages(2, 'read', 'system');
    const p = await page(support, '?classes=system');
    const messages = p.entries.filter((e) => e.source === 'message');
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((e) => e.meta?.class === 'system')).toBe(true);
    expect(p.entries.some((e) => e.source === 'note')).toBe(true);
    const t = await page(support, '?text=blinks');
    // Gaps are never filtered away.
    expect(t.entries.map((e) => e.source).filter((s) => s !== 'gap')).toEqual(['note']);
  });

  it('finds a linked entry, says when it was removed, and shows the hole as a gap', async () => {
    const first = await page(support);
    const target = first.entries.filter((e) => e.source === 'message')[2] as TimelineEntry;
    const seq = target.seq as number;
    const found = await page(support, `?epoch=${first.epoch}&seq=${seq}&at=${target.at}&limit=10`);
    expect(found.focus).toEqual({ state: 'found', message: null, key: streamKey(seq) });
    expect(found.entries.some((e) => e.key === streamKey(seq))).toBe(true);
    // A jump to a time (no entry asked for) opens at the entry nearest it, and says nothing is missing.
    const jump = await page(support, `?at=${target.at}&limit=10`);
    expect(jump.focus).toMatchObject({ state: 'time', message: null });
    expect(jump.entries.some((e) => e.key === jump.focus?.key)).toBe(true);

    const jsm = await jetstreamManager(stack.nc);
    await jsm.streams.deleteMessage(streamNames(stack.prefix).hubMsgs, seq, false);
    const gone = await page(support, `?epoch=${first.epoch}&seq=${seq}&at=${target.at}&limit=10`);
    expect(gone.focus?.state).toBe('removed');
    expect(gone.focus?.message).toBe(TIMELINE_TEXT.removed);
    expect(gone.focus?.key).toMatch(/^s\d+$/);
    expect(gone.entries.some((e) => e.key === streamKey(seq))).toBe(false);
    const gap = gone.entries.find((e) => e.source === 'gap' && e.key === `g:deleted:${seq}`);
    expect(gap?.title).toContain('removed');
    // A filter never hides a gap.
    const filtered = await page(support, `?classes=nothing-matches`);
    expect(filtered.entries.some((e) => e.key === `g:deleted:${seq}`)).toBe(true);

    const moved = await page(support, `?epoch=OtherEpoch1&seq=${seq}&at=${target.at}`);
    expect(moved.focus?.state).toBe('epochChanged');
    expect(moved.focus?.message).toBe(TIMELINE_TEXT.epochChanged);
  });

  it('shows where the stream’s history starts as a gap row', async () => {
    const jsm = await jetstreamManager(stack.nc);
    const stream = streamNames(stack.prefix).hubMsgs;
    const info = await jsm.streams.info(stream);
    // Retention as a purge would do it: everything below the newest few positions goes.
    await jsm.streams.purge(stream, { seq: info.state.last_seq - 2 });
    const p = await page(support, '?limit=500');
    const gap = p.entries.find((e) => e.key === 'g:start');
    expect(gap?.source).toBe('gap');
    expect(gap?.title).toMatch(/History not kept before/);
    // The records older than the gap are still listed below it.
    expect(p.entries.some((e) => e.source === 'firmware' && e.at < (gap as TimelineEntry).at)).toBe(true);
  });

  it('deletes an annotation only with the typed word, audited', async () => {
    const now = Date.now();
    const made = await support.call('POST', `/api/supportPlus/hub/${hubId}/annotations`, {
      from: now - 1000,
      to: now,
      text: 'to be deleted',
    });
    const id = made.json.id as string;
    const del = (body: unknown) =>
      support.call('DELETE', `/api/supportPlus/hub/${hubId}/annotations/${id}`, body);
    expect((await del({ confirmation: 'yes' })).json).toMatchObject({
      statusCode: 400,
      message: 'Wrong Confirmation',
    });
    const audit = stack.watch(subjects(stack.prefix).audit('timeline-annotation'));
    const ok = await del({ confirmation: 'delete' });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ deleted: true });
    await until(() => audit.length === 1, 'delete audit event');
    expect(audit[0]?.json()).toMatchObject({ action: 'delete', annotationId: id });
    expect((await del({ confirmation: 'delete' })).status).toBe(404);
    expect(
      (await page(support, '?text=to%20be%20deleted')).entries.filter((e) => e.source !== 'gap'),
    ).toEqual([]);
  });

  it('shows a subject that hit its per-subject limit as a gap where its kept history starts', async () => {
    // The hub stream keeps 2,000 messages per subject: one more drops the oldest.
    const s = subjects(stack.prefix);
    for (let i = 0; i < 2001; i++)
      stack.nc.publish(s.hubMsg(hubId, 'notification', 'log', 'flood'), JSON.stringify({ i }));
    await stack.nc.flush();
    const jsm = await jetstreamManager(stack.nc);
    const stream = streamNames(stack.prefix).hubMsgs;
    await until(
      async () =>
        Object.values(
          (
            await jsm.streams.info(stream, {
              subjects_filter: s.hubMsg(hubId, 'notification', 'log', 'flood'),
            })
          ).state.subjects ?? {},
        )[0] === 2000,
      'the subject at its limit',
    );
    let cursor: string | null = null;
    let gap: TimelineEntry | undefined;
    for (let i = 0; i < 20 && !gap; i++) {
      const p: TimelinePage = await page(support, `?limit=500${cursor ? `&before=${cursor}` : ''}`);
      gap = p.entries.find((e) => e.key === 'g:subject:log.flood');
      cursor = p.older;
      if (!cursor) break;
    }
    expect(gap?.source).toBe('gap');
    expect(gap?.title).toBe('Older log.flood messages not kept: this subject keeps its newest 2000.');
  });

  it('refuses callers without support or dev, and hostile input with a clear 4xx', async () => {
    for (const c of [nobody, datauser]) {
      const r = await c.call('GET', path());
      expect(r.status).toBe(403);
      const a = await c.call('POST', `/api/supportPlus/hub/${hubId}/annotations`, {
        from: 1,
        to: 2,
        text: 'x',
      });
      expect(a.status).toBe(403);
    }
    const bad = [
      path('?limit=0'),
      path('?limit=100000'),
      path('?before=abc'),
      path('?before=1;drop'),
      path('?before=1&after=2'),
      path(`?text=${'x'.repeat(300)}`),
      path('?classes=%24where'),
      path('?seq=-1'),
      path('?epoch=../../etc'),
      path('?sneaky=1'),
      `/api/supportPlus/hub/abc/timeline`,
      `/api/supportPlus/hub/1e400/timeline`,
    ];
    for (const url of bad) {
      const r = await support.call('GET', url);
      expect(r.status, url).toBeGreaterThanOrEqual(400);
      expect(r.status, url).toBeLessThan(500);
      expect(typeof r.json?.message, url).toBe('string');
    }
    const annotate = (body: unknown) =>
      support.call('POST', `/api/supportPlus/hub/${hubId}/annotations`, body);
    for (const body of [
      { from: 2, to: 1, text: 'backwards' },
      { from: 0, to: 90_000_000_000, text: 'too long a range' },
      { from: 1, to: 2, text: '   ' },
      { from: 1, to: 2, text: 'x'.repeat(501) },
      { from: 1, to: 2, text: 'ok', extra: true },
      { from: '1', to: 2, text: 'ok' },
      {},
    ]) {
      const r = await annotate(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.json?.message).toBe('string');
    }
    expect((await annotate({ from: 2, to: 1, text: 'backwards' })).json.message).toBe(TIMELINE_TEXT.badRange);
    const r = await support.call('DELETE', `/api/supportPlus/hub/${hubId}/annotations/not-an-id`, {
      confirmation: 'delete',
    });
    expect(r.status).toBe(400);
  });
});
