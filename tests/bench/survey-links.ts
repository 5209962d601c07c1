/**
 * Survey Links: how long a survey of N simulated hubs takes through the console (HTTP → gateway →
 * hub-control → each hub, in requests of at most 500 ids as the console sends them) beside the
 * floor: the same system reads sent straight to the hubs over NATS with the same concurrency.
 *
 *   node tests/bench/survey-links.ts [hubs=1000] [concurrency=32] [runs=3]
 */
import { cpus } from 'node:os';
import {
  HUB_CLIENT_HEADERS,
  hubRequest,
  SURVEY_LINKS,
  type SurveyResult,
  subjects,
} from '@console/contracts';
import { natsAuth } from '@console/kit';
import { syntheticFleet } from '@console/simulator/fleet';
import { headers } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { devInfraUp } from '../support/dev-infra.ts';
import { signInAdmin, staffClient } from '../support/people.ts';
import { loadAverage, startFleetStack, stopFleetStack } from './bench-kit.ts';

const HUBS = Number(process.argv[2] ?? 1000);
const CONCURRENCY = Number(process.argv[3] ?? 32);
const RUNS = Number(process.argv[4] ?? 3);

const env = devInfraUp();
console.error(`starting auth, simulator (${HUBS} hubs), hub-control and gateway…`);
const { stack, mongoUrl } = await startFleetStack(env, {
  hubs: HUBS,
  seed: 17,
  env: { SURVEY_CONCURRENCY: String(CONCURRENCY) },
});
const nc = await connect({ servers: env.NATS_URL.split(','), name: 'bench-survey', ...natsAuth() });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
try {
  const ids = syntheticFleet({ hubs: HUBS, wfls: 0, hosts: 0, seed: 17 }).hubs.map((h) => String(h.hubId));
  const data = await staffClient(stack, await signInAdmin(stack), 'datauser', 'Dana Data');
  // Presence refreshes every 2 s: after 3 s hub-control knows every hub.
  await new Promise((r) => setTimeout(r, 3000));

  const viaConsole = async () => {
    let online = 0;
    for (let i = 0; i < ids.length; i += SURVEY_LINKS.maxIds) {
      const r = await data.call('POST', '/api/supportPlus/socket/survey-links', {
        linkIds: ids.slice(i, i + SURVEY_LINKS.maxIds),
      });
      if (r.status !== 200) throw new Error(`survey answered ${r.status}: ${JSON.stringify(r.json)}`);
      const s = r.json as SurveyResult;
      online += s.responseSuccess.length + s.responseSuccess337.length;
    }
    return online;
  };
  const h = headers();
  h.set(HUB_CLIENT_HEADERS.type, 'admin');
  const subj = subjects(stack.prefix);
  const floor = async () => {
    let next = 0;
    let online = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ids.length) {
          const id = Number(ids[next++]);
          const env = hubRequest('systemRead', 'bench', [{ admin: false }]);
          const m = await nc.request(subj.hubCmd(id), JSON.stringify(env), { timeout: 3000, headers: h });
          if (m.data.length > 0) online++;
        }
      }),
    );
    return online;
  };
  const time = async (f: () => Promise<number>) => {
    const t0 = performance.now();
    const online = await f();
    return { ms: performance.now() - t0, online };
  };

  const before = loadAverage().join(' / ');
  await time(viaConsole);
  await time(floor);
  const runs = { console: [] as number[], floor: [] as number[] };
  let answered = { console: 0, floor: 0 };
  for (let i = 0; i < RUNS; i++) {
    const c = await time(viaConsole);
    const f = await time(floor);
    runs.console.push(c.ms);
    runs.floor.push(f.ms);
    answered = { console: c.online, floor: f.online };
  }
  const after = loadAverage().join(' / ');
  const row = (name: string, ms: number[], online: number) =>
    `${name.padEnd(46)}${median(ms).toFixed(0).padStart(10)}${((HUBS / median(ms)) * 1000).toFixed(0).padStart(10)}${String(online).padStart(9)}`;
  console.log(`\nsurvey links: ${HUBS} simulated hubs, ${CONCURRENCY} in flight, median of ${RUNS} runs`);
  console.log(`load average before ${before}, after ${after} (1 / 5 / 15 min) on ${cpus().length} cores\n`);
  console.log(`${'path'.padEnd(46)}${'wall ms'.padStart(10)}${'hubs/s'.padStart(10)}${'online'.padStart(9)}`);
  console.log(row('HTTP → gateway → hub-control → hubs', runs.console, answered.console));
  console.log(row('bare NATS request/reply → hubs (floor)', runs.floor, answered.floor));
  console.log(`\nconsole / floor wall time: ${(median(runs.console) / median(runs.floor)).toFixed(2)}×`);
} finally {
  await nc.drain().catch(() => undefined);
  await stopFleetStack({ stack, mongoUrl });
}
