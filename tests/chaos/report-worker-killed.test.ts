/**
 * A report worker killed (SIGKILL) in the middle of a job, through the real gateway and stats
 * processes over a world (issue 13: "a worker killed mid-job leaves the job failed or resumed,
 * never stuck 'in progress'").
 *
 * - Another instance running: the work queue hands the job to it once the dead worker's ack wait
 *   runs out; it starts again (attempt 2), finishes, and the staff member gets the whole CSV once.
 * - No instance taking over in time: the job is marked failed with the reason, the kind is free,
 *   and a new job of the kind can start.
 *
 * Rows are paged 5 at a time with a pause after each page (`REPORT_PAGE_PAUSE_MS`, a test knob) so
 * that a job of a few hundred rows lasts long enough to be killed half-way.
 */
import type { ChildProcess } from 'node:child_process';
import type { ReportJob, ReportProgress } from '@console/contracts';
import { freePort, mailedCsv } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../support/people.ts';
import { type Client, spawnService } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

const REPORT_ENV = {
  BACKFILL: 'off',
  REPORT_PAGE_ROWS: '5',
  REPORT_PAGE_PAUSE_MS: '150',
  REPORT_ACK_WAIT_MS: '3000',
  REPORT_STALE_MS: '8000',
};

let stack: WorldStack;
let admin: Client;
const instances: ChildProcess[] = [];

async function startStats(name: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawnService({ ...stack.env, ...REPORT_ENV, ...env }, 'stats', port, name, stack.logs);
  instances.push(child);
  await stack.waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200,
    `${name} ready`,
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  return child;
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((r) => {
    child.once('exit', () => r());
    child.kill('SIGKILL');
  });
}

async function progress(): Promise<ReportProgress> {
  const res = await admin.call('GET', '/api/reports/links/inProgress');
  expect(res.status).toBe(200);
  return res.json as ReportProgress;
}

async function waitForJob(jobId: string, what: string, ok: (j: ReportJob) => boolean, timeoutMs = 60_000) {
  let job: ReportJob | null = null;
  await stack.waitFor(
    async () => {
      const p = await progress();
      job = p.job?.jobId === jobId && ok(p.job) ? p.job : null;
      return job !== null;
    },
    what,
    { timeoutMs, intervalMs: 200 },
  );
  return job as unknown as ReportJob;
}

async function startLinksReport(): Promise<ReportJob> {
  const res = await admin.call('POST', '/api/reports/links/exportCSV', {
    email: stack.admin.email,
    link1: true,
    linkPlus: true,
  });
  expect(res.status).toBe(200);
  return res.json as ReportJob;
}

beforeAll(async () => {
  stack = await startWorldStack('rkill', 21, 80, { services: ['auth', 'gateway'] });
  admin = await signInAdmin(stack);
}, 240_000);

afterAll(async () => {
  for (const c of instances) await kill(c);
  await stack?.stop();
});

describe('a report worker killed mid-job', () => {
  it('is resumed by another instance: the job ends done, attempt 2, and the whole CSV arrives once', async () => {
    const first = await startStats('stats-a');
    const since = Date.now();
    const job = await startLinksReport();
    const midway = await waitForJob(
      job.jobId,
      'the job half-way',
      (j) => j.status === 'running' && j.rowsDone >= 20,
    );
    expect(midway.rowsTotal).toBeGreaterThan(midway.rowsDone);
    await kill(first);
    await startStats('stats-b');
    // Still under way and not lost: nobody may start another of its kind meanwhile.
    expect((await progress()).inProgress).toBe(true);
    expect(
      (
        await admin.call('POST', '/api/reports/links/exportCSV', {
          email: stack.admin.email,
          link1: true,
          linkPlus: false,
        })
      ).status,
    ).toBe(409);
    const done = await waitForJob(
      job.jobId,
      'the job done by the second instance',
      (j) => j.status === 'done',
    );
    expect(done.attempts).toBe(2);
    expect(done.rowsDone).toBe(done.rowsTotal);

    const { lines } = await mailedCsv(stack.infra.MAILBOX_URL, stack.admin.email, /^Report: Links/, {
      since,
      timeoutMs: 20_000,
    });
    expect(lines).toHaveLength(1 + (done.rowsTotal as number));
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('is failed, not left in progress, when no worker takes it over, and the kind is free again', async () => {
    // The only worker takes the job and dies with it; none comes back before the stale limit.
    for (const c of instances) await kill(c);
    const doomed = await startStats('stats-c');
    const job = await startLinksReport();
    await waitForJob(job.jobId, 'the job running', (j) => j.status === 'running' && j.rowsDone >= 10);
    await kill(doomed);
    await new Promise((r) => setTimeout(r, Number(REPORT_ENV.REPORT_STALE_MS) + 1000));
    await startStats('stats-d');
    const failed = await waitForJob(job.jobId, 'the job failed', (j) => j.status === 'failed', 30_000);
    expect(failed.error).toMatch(/worker stopped during this job/);
    const again = await startLinksReport();
    expect(again.status).toBe('queued');
    await waitForJob(again.jobId, 'the new job done', (j) => j.status === 'done');
  });
});
