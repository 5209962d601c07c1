/**
 * The hub timeline with 50,000 entries from five sources, in Debian's Chromium (headless): first
 * paint (navigation start → first row on screen: the hub stream's newest entries stand in while
 * the first page, fetched through the gateway from hub-control, loads; and → the whole first page
 * shown) and, while the list is scrolled down for a few seconds (older pages loading as the
 * end comes into view), every long task (over 50 ms) and the frame intervals. The floor is the
 * same page and the same scroll for a hub with an empty timeline, measured in the same run.
 * Prints figures; asserts nothing.
 *
 *   node tests/bench/timeline.ts [--entries 50000] [--messages 30000] [--seconds 10]
 *     [--profile scroll.cpuprofile] [--boot-profile boot.cpuprofile]
 *
 * Sources: hub messages in the hub stream (JetStream stamps them as they are stored, so they lie in
 * the last minutes; the per-subject limit is respected by spreading them over operations), and
 * transactions, support notes, sync updates and firmware-queue items spread over the last 24 hours.
 * The real auth, quiet simulator, hub-control and gateway serve the console.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { COLLECTIONS, subjects } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { syntheticFleet } from '@console/simulator/fleet';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium, signInPage } from '../support/browser.ts';
import { devInfraUp } from '../support/dev-infra.ts';
import { frameFigures, loadAverage, startFleetStack, stopFleetStack } from './bench-kit.ts';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '50000' },
    messages: { type: 'string', default: '30000' },
    seconds: { type: 'string', default: '10' },
    seed: { type: 'string', default: '3' },
    /** Also write a CPU profile of the scroll over the full timeline here (.cpuprofile). */
    profile: { type: 'string' },
    /** Also write a CPU profile of the floor page's start (navigation → first row) here. */
    'boot-profile': { type: 'string' },
  },
});
const ENTRIES = Number(args.entries);
const MESSAGES = Math.min(Number(args.messages), ENTRIES);
const SECONDS = Number(args.seconds);
const SEED = Number(args.seed);
const DAY = 24 * 3600_000;

/** Installed before every navigation: first row time, long tasks, animation frames. */
const OBSERVE = `(() => {
  const tl = (window.__tl = { first: null, complete: null, long: [], frames: [], scrolling: false });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tl.long.push({ at: e.startTime, d: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // What the long frames were made of (Long Animation Frames: scripts by invoker, style and layout).
  tl.loaf = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.duration <= 50) continue;
      const end = e.startTime + e.duration;
      tl.loaf.push({
        at: e.startTime, d: e.duration, blocking: e.blockingDuration,
        render: e.renderStart ? end - e.renderStart : 0,
        style: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
        scripts: e.scripts.map((x) => ({
          d: x.duration, forced: x.forcedStyleAndLayoutDuration, invoker: x.invoker,
          fn: x.sourceFunctionName, url: x.sourceURL.split('/').pop(),
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  // First row: any entry on screen (the hub stream's newest may stand in for the first page);
  // complete: a row of the whole first page (the list no longer busy).
  const seen = () => {
    if (tl.first === null && document.querySelector('[data-key]')) tl.first = performance.now();
    if (tl.complete === null && document.querySelector('[aria-label="Timeline"]:not([aria-busy="true"]) [data-key]'))
      tl.complete = performance.now();
    return tl.complete !== null;
  };
  const mo = new MutationObserver(() => { if (seen()) mo.disconnect(); });
  document.addEventListener('DOMContentLoaded', () =>
    mo.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] }),
  );
})()`;

const env = devInfraUp();
const { stack, mongoUrl } = await startFleetStack(env, { hubs: 1, seed: SEED });
const first = syntheticFleet({ hubs: 1, wfls: 0, hosts: 0, seed: SEED }).hubs[0];
if (!first) throw new Error('no hub in the fleet');
const hub = first;
const mongo = await MongoClient.connect(mongoUrl);
const nc = await connect({ servers: env.NATS_URL, name: 'bench-timeline', ...natsAuth() });
const browser = await launchChromium();
try {
  await fill();
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signInPage(page, stack, stack.admin, { oneTimeCode: true });
  await page.close();
  await context.addInitScript(OBSERVE);

  const full = await measure(context, hub.hubId, args.profile);
  const floor = await measure(context, 4_000_000_001, undefined, args['boot-profile']);

  const line = (name: string, r: Figures) =>
    `${name.padEnd(30)} ${r.firstRowMs.toFixed(0).padStart(9)} ${r.completeMs.toFixed(0).padStart(6)} ${String(r.loaded).padStart(8)} ${String(r.frames).padStart(7)} ${r.fps.toFixed(1).padStart(6)} ${r.p95.toFixed(1).padStart(7)} ${String(r.longTasks).padStart(5)} ${r.maxLongTask.toFixed(0).padStart(7)} ${String(r.longBeforePaint).padStart(6)} ${String(r.pages).padStart(6)} ${r.pageMedianMs.toFixed(0).padStart(8)}`;
  console.log(
    `hub timeline: ${ENTRIES.toLocaleString('en')} entries (${MESSAGES.toLocaleString('en')} stream messages, ${(ENTRIES - MESSAGES).toLocaleString('en')} stored records over 24 h), ${SECONDS} s scroll, viewport 1400 × 1000, load average ${loadAverage().join(' / ')}`,
  );
  console.log(
    `${'case'.padEnd(30)} ${'first row'.padStart(9)} ${'whole'.padStart(6)} ${'loaded'.padStart(8)} ${'frames'.padStart(7)} ${'fps'.padStart(6)} ${'p95 ms'.padStart(7)} ${'long'.padStart(5)} ${'max ms'.padStart(7)} ${'boot'.padStart(6)} ${'pages'.padStart(6)} ${'page ms'.padStart(8)}`,
  );
  console.log(line(`timeline, ${ENTRIES.toLocaleString('en')} entries`, full));
  console.log(line('floor: empty timeline', floor));
  const span = (v: number | number[] | null | undefined) =>
    Array.isArray(v) ? `${v[0]}–${v[1]}` : v === null || v === undefined ? '-' : String(v);
  for (const [name, r] of [
    ['timeline', full],
    ['floor', floor],
  ] as const)
    console.log(
      `${name}: html ${span(r.path.html)}, bundle ${span(r.path.bundle)}, session check ${span(r.path.me)}, route chunk ${span(r.path.chunk)}, first page ${span(r.path.page)}, stream preview ${span(r.path.preview)}, first row ${r.firstRowMs.toFixed(0)}, whole first page shown ${r.completeMs.toFixed(0)} (ms from navigation start)`,
    );
  console.log(
    'first row: ms from navigation start to the first entry shown; whole: to the whole first page; long/max: tasks over 50 ms while scrolling; boot: long tasks before the first row',
  );
  // Each long frame while scrolling: how much was script (and whose), and how much style/layout.
  for (const f of full.longFrames)
    console.log(
      `long frame at ${(f.at / 1000).toFixed(1)} s: ${f.d.toFixed(0)} ms (blocking ${f.blocking.toFixed(0)}; rendering ${f.render.toFixed(0)}, of which style and layout ${f.style.toFixed(0)}); scripts: ${
        f.scripts
          .map(
            (x) =>
              `${x.invoker} ${x.fn || '?'} ${x.url} ${x.d.toFixed(0)} ms${x.forced ? ` (forced layout ${x.forced.toFixed(0)})` : ''}`,
          )
          .join('; ') || 'none'
      }`,
    );
} finally {
  await browser.close();
  await nc.close();
  await mongo.close();
  await stopFleetStack({ stack, mongoUrl });
}

/** The hub's 24 hours: stream messages now, stored records of four kinds over the day. */
async function fill() {
  const s = subjects(stack.prefix);
  const t0 = Date.now();
  const ops = Math.max(1, Math.ceil(MESSAGES / 1500));
  for (let i = 0; i < MESSAGES; i++) {
    nc.publish(
      s.hubMsg(hub.hubId, i % 3 === 0 ? 'request' : 'notification', 'feature', `op${i % ops}`),
      JSON.stringify({
        class: 'feature',
        operation: `op${i % ops}`,
        senderId: hub.hubId,
        items: [{ i, value: i % 100 }],
      }),
    );
    if (i % 2000 === 1999) await nc.flush();
  }
  await nc.flush();
  const db = mongo.db();
  const now = Date.now();
  const records = ENTRIES - MESSAGES;
  const kinds = ['transactions', 'notes', 'sync', 'firmware'] as const;
  const per = Math.ceil(records / kinds.length);
  const at = (i: number) => new Date(now - DAY + 60_000 + Math.floor(((DAY - 120_000) * i) / per));
  await db.collection(COLLECTIONS.hubs).insertOne({ hubId: hub.hubId, rootGroupId: hub.rootGroupId });
  for (const kind of kinds) {
    for (let from = 0; from < per; from += 1000) {
      const docs = [];
      for (let i = from; i < Math.min(per, from + 1000); i++) {
        if (kind === 'transactions')
          docs.push({
            transactionId: 1e12 + i,
            hubId: hub.hubId,
            rootGroupId: hub.rootGroupId,
            action: 'Read System',
            class: 'system',
            operation: 'read',
            state: i % 10 === 0 ? 'timedOut' : 'replied',
            success: i % 10 === 0 ? null : true,
            error: null,
            duration: 40 + (i % 200),
            staff: { userId: 'u', email: 'bench@console.test', name: 'Bench' },
            createdDate: at(i),
          });
        if (kind === 'notes')
          docs.push({
            notes: `Bench note ${i}`,
            customerId: hub.rootGroupId,
            userId: 'bench@console.test',
            updatedDate: at(i),
          });
        if (kind === 'sync')
          docs.push({
            rootGroupId: hub.rootGroupId,
            linkId: hub.hubId,
            createdDate: at(i),
            state: {
              type: 'sync',
              subType: i % 50 === 0 ? 'errorState-is-set' : 'full',
              caller: 'link2',
              errorCount: i % 3,
            },
            data: [],
          });
        if (kind === 'firmware')
          docs.push({
            rootGroupId: hub.rootGroupId,
            linkId: hub.hubId,
            deviceId: `d-${i % 20}`,
            productCode: 'P1',
            releaseId: 'P1-7.2',
            createdDate: at(i),
            updatedDate: at(i),
            complete: i % 4 !== 0,
            failed: false,
            deleted: false,
          });
      }
      const col = {
        transactions: 'transactions',
        notes: 'supportnotes',
        sync: 'syncupdates',
        firmware: 'firmware-queue',
      }[kind];
      await db.collection(col).insertMany(docs, { ordered: false });
    }
  }
  console.error(`filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

interface Figures {
  path: Record<string, number | number[] | null>;
  firstRowMs: number;
  completeMs: number;
  longBeforePaint: number;
  loaded: string;
  frames: number;
  fps: number;
  p95: number;
  longTasks: number;
  maxLongTask: number;
  pages: number;
  pageMedianMs: number;
  longFrames: LongFrame[];
}

/** A long animation frame (over 50 ms) while scrolling, as Chromium attributes it. */
interface LongFrame {
  at: number;
  d: number;
  blocking: number;
  render: number;
  style: number;
  scripts: { d: number; forced: number; invoker: string; fn: string; url: string }[];
}

/** Starts Chromium's CPU profiler on the page (`intervalUs`: the sampling interval, if not the default). */
async function startProfile(context: BrowserContext, page: Page, intervalUs?: number): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  if (intervalUs) await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return cdp;
}

/** Stops the profiler and writes the profile (.cpuprofile, as DevTools opens it). */
async function stopProfile(cdp: CDPSession, file: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  await writeFile(file, JSON.stringify(profile));
  await cdp.detach();
}

async function measure(
  context: BrowserContext,
  hubId: number,
  profile?: string,
  bootProfile?: string,
): Promise<Figures> {
  const page = await context.newPage();
  // The start is short: sampled every 200 µs rather than the default 1 ms.
  const boot = bootProfile ? await startProfile(context, page, 200) : null;
  await page.goto(`${stack.url}/supportPlus/hub/${hubId}/timeline`);
  await page.locator('[data-key]').first().waitFor({ timeout: 60_000 });
  if (boot && bootProfile) await stopProfile(boot, bootProfile);
  const cdp = profile ? await startProfile(context, page) : null;
  await page
    .locator('[aria-label="Timeline"]:not([aria-busy="true"]) [data-key]')
    .first()
    .waitFor({ timeout: 60_000 });
  const first = (await page.evaluate('window.__tl.first')) as number;
  const complete = (await page.evaluate('window.__tl.complete')) as number;
  // Where the time to the first row goes: the bundle, the session check, the first page's request.
  const path = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const one = (test) => { const e = res.find((r) => test(r.name)); return e ? [Math.round(e.startTime), Math.round(e.responseEnd)] : null; };
    return {
      html: Math.round(nav.responseEnd),
      bundle: one((n) => /\\/assets\\/index-[^/]*\\.js$/.test(n)),
      me: one((n) => n.includes('/api/users/me')),
      chunk: one((n) => /timeline-[^/]*\\.js$/.test(n)),
      page: one((n) => n.includes('/timeline?') && !n.includes('only=stream')),
      preview: one((n) => n.includes('only=stream')),
    };
  })()`)) as Record<string, number | number[] | null>;
  // Scroll down for SECONDS, a step each frame; older pages load as the end comes into view.
  const r = (await page.evaluate(`new Promise((done) => {
    const tl = window.__tl;
    const list = document.querySelector('[aria-label="Timeline"]');
    const start = performance.now();
    const frames = [];
    const tick = (t) => {
      frames.push(t);
      list.scrollTop += 400;
      if (t - start < ${SECONDS * 1000}) requestAnimationFrame(tick);
      else done({ frames, long: tl.long.filter((l) => l.at >= start).map((l) => l.d), boot: tl.long.filter((l) => l.at < tl.first).length, loaf: tl.loaf.filter((l) => l.at >= start) });
    };
    requestAnimationFrame(tick);
  })`)) as { frames: number[]; long: number[]; boot: number; loaf: LongFrame[] };
  if (cdp && profile) await stopProfile(cdp, profile);
  const loaded =
    (
      await page
        .getByText(/entries loaded/)
        .first()
        .textContent()
    )?.match(/^[\d,]+/)?.[0] ?? '?';
  // The timeline requests as the browser saw them: server time (through the gateway) of each page.
  const requests = (
    (await page.evaluate(
      `performance.getEntriesByType('resource').filter((e) => e.name.includes('/timeline?') && !e.name.includes('only=stream')).map((e) => e.duration)`,
    )) as number[]
  ).sort((a, b) => a - b);
  await page.close();
  return {
    path,
    firstRowMs: first,
    completeMs: complete,
    longBeforePaint: r.boot,
    loaded,
    ...frameFigures(r.frames, r.long),
    pages: requests.length,
    pageMedianMs: requests[Math.floor(requests.length / 2)] ?? 0,
    longFrames: r.loaf,
  };
}
