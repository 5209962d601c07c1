/**
 * The world map with 100,000 links, panned in Debian's Chromium (headless, software canvas): a
 * PerformanceObserver collects every long task (over 50 ms) and the frame intervals while the
 * mouse drags the map for a few seconds. The floor is the same drag with every layer switched off
 * (land only), measured in the same run. Prints figures; asserts nothing.
 *
 *   node tests/bench/world-map-pan.ts [--links 100000] [--seconds 6] [--seed 1]
 *
 * The links come from the world generator (Gen1 customers, their WFLs' map markers), copied into
 * `wfl_locations` of a scratch database; the real auth, search and gateway serve the console.
 */
import { parseArgs } from 'node:util';
import { scratchMongo, scratchPostgres } from '@console/kit/testing';
import { copyRows, generateCustomer, migrateWorld } from '@console/world';
import type { Page } from 'playwright-core';
import { launchChromium, signInPage } from '../support/browser.ts';
import { devInfraUp } from '../support/dev-infra.ts';
import { startStack } from '../support/stack.ts';
import { frameFigures, loadAverage } from './bench-kit.ts';

const { values: args } = parseArgs({
  options: {
    links: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '6' },
    seed: { type: 'string', default: '1' },
    /** Also save a screenshot of the loaded map here. */
    shot: { type: 'string' },
  },
});
const LINKS = Number(args.links);
const SECONDS = Number(args.seconds);

const env = devInfraUp();
const world = await scratchPostgres(env.DATABASE_URL, 'benchmap', 2);
const mongo = await scratchMongo(env.MONGO_URL, { base: 'benchmap' });
await migrateWorld(world.pool);
const markers = [];
for (let c = 0; markers.length < LINKS; c++) {
  markers.push(
    ...generateCustomer(Number(args.seed), c, { gen2: false, histories: false }).gen1.wfl_locations,
  );
}
markers.length = LINKS;
const client = await world.pool.connect();
await copyRows(client, 'wfl_locations', markers);
client.release();
console.error(`${LINKS.toLocaleString('en')} links copied`);

const stack = await startStack(env, ['auth', 'search', 'gateway'], {
  DATABASE_URL: world.url,
  MONGO_URL: mongo.url,
  INDEX_ON_START: 'never',
});
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signInPage(page, stack, stack.admin, { oneTimeCode: true });
  const t0 = Date.now();
  await page.goto(`${stack.url}/worldmap?from=2015-01-01&to=2025-06-01`);
  const status = page.getByRole('status').filter({ hasText: 'links' });
  await status
    .filter({ hasText: `Loaded ${LINKS.toLocaleString('en-US')} links` })
    .waitFor({ timeout: 300_000 });
  const loadSeconds = (Date.now() - t0) / 1000;
  for (const layer of ['Coco', 'Nexa']) await page.getByRole('checkbox', { name: layer }).check();
  if (args.shot) await page.screenshot({ path: args.shot, fullPage: true });
  const drawn = /\(([\d,]+) on the map/.exec((await status.textContent()) ?? '')?.[1];

  const withPoints = await pan(page);
  for (const layer of ['LightwaveRF', 'Coco', 'Nexa'])
    await page.getByRole('checkbox', { name: layer }).uncheck();
  const floor = await pan(page);

  const line = (name: string, r: PanFigures) =>
    `${name.padEnd(28)} ${String(r.moves).padStart(6)} ${String(r.frames).padStart(7)} ${r.fps.toFixed(1).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${String(r.longTasks).padStart(6)} ${r.maxLongTask.toFixed(0).padStart(8)} ${String(r.draws).padStart(6)} ${r.drawP50.toFixed(1).padStart(9)} ${r.drawMax.toFixed(1).padStart(9)}`;
  console.log(
    `world map pan, ${SECONDS} s drag, viewport 1400 × 1000, load average ${loadAverage().join(' / ')}`,
  );
  console.log(
    `load of ${LINKS.toLocaleString('en')} links in batches 1 … 1,500: ${loadSeconds.toFixed(1)} s`,
  );
  console.log(
    `${'case'.padEnd(28)} ${'moves'.padStart(6)} ${'frames'.padStart(7)} ${'fps'.padStart(6)} ${'p95 ms'.padStart(8)} ${'long'.padStart(6)} ${'max ms'.padStart(8)}`,
  );
  console.log(line(`${drawn} points drawn`, withPoints));
  console.log(line('floor: land only', floor));
} finally {
  await browser.close();
  await stack.stop();
  await mongo.drop();
  await world.drop();
}

interface PanFigures {
  moves: number;
  frames: number;
  fps: number;
  p95: number;
  longTasks: number;
  maxLongTask: number;
  draws: number;
  drawP50: number;
  drawMax: number;
}

/** Drags the map back and forth for SECONDS, observing long tasks and animation frames. */
async function pan(page: Page): Promise<PanFigures> {
  // Runs in the page (a string: this package has no DOM types).
  await page.evaluate(`(() => {
    const pan = (window.__pan = { long: [], frames: [], draws: [], stop: false });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) pan.long.push(e.duration);
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'world-map-draw') pan.draws.push(e.duration);
    }).observe({ type: 'measure' });
    const tick = (t) => {
      pan.frames.push(t);
      if (!pan.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const box = await page.getByRole('img', { name: 'World map of WiFi links' }).boundingBox();
  if (!box) throw new Error('no map on the page');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const end = Date.now() + SECONDS * 1000;
  let moves = 0;
  while (Date.now() < end) {
    const phase = moves / 60;
    await page.mouse.move(cx + Math.sin(phase) * 300, cy + Math.cos(phase * 0.7) * 150);
    moves++;
  }
  await page.mouse.up();
  const r = (await page.evaluate('(window.__pan.stop = true, window.__pan)')) as {
    long: number[];
    frames: number[];
    draws: number[];
  };
  const draws = [...r.draws].sort((a, b) => a - b);
  return {
    moves,
    ...frameFigures(r.frames, r.long),
    draws: draws.length,
    drawP50: draws[Math.floor(draws.length / 2)] ?? 0,
    drawMax: draws.at(-1) ?? 0,
  };
}
