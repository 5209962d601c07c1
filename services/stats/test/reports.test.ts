import { REPORT_TEXT, type ReportJob, type ReportProgress } from '@console/contracts';
import { infraEnv, mailedCsv } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, failure, type StatsHarness, startStats, until } from './harness.ts';

/**
 * Report exports on the real stats app: jobs on the REPORTS work queue, one per kind at a time,
 * the CSV read from the world's Postgres and Mongo data a page at a time and e-mailed to the staff
 * member through SMTP (read back from the captured mailbox), progress visible while it runs.
 */
let h: StatsHarness;
const marketing = () => h.staff(['marketing']);
const mailbox = infraEnv().MAILBOX_URL;

async function finished(kind: string, jobId: string): Promise<ReportJob> {
  let job: ReportJob | null = null;
  await until(
    async () => {
      const p = data<ReportProgress>(
        await h.call('stats.reportInProgress', { params: { kind }, caller: marketing() }),
      );
      job = p.job?.jobId === jobId && (p.job.status === 'done' || p.job.status === 'failed') ? p.job : null;
      return job !== null;
    },
    60_000,
    `report ${jobId} to finish`,
  );
  return job as unknown as ReportJob;
}

/** The CSV the job mailed, as lines (the header first). */
const reportCsv = (to: string, since: number) =>
  mailedCsv(mailbox, to, /^Report: /, { since, timeoutMs: 30_000 });

beforeAll(async () => {
  h = await startStats({
    customers: 40,
    env: { BACKFILL: 'off', REPORT_PAGE_ROWS: '7', REPORT_GZIP_BYTES: '1000' },
  });
  await h.start();
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('report exports', () => {
  it('e-mails every Link and Link Plus customer e-mail to the staff member, with progress to the end', async () => {
    const me = marketing();
    const since = Date.now();
    const started = data<ReportJob>(
      await h.call('stats.reportAllEmails', {
        body: { email: me.email, link1: true, linkPlus: true },
        caller: me,
      }),
    );
    expect(started).toMatchObject({
      kind: 'allemails',
      report: 'allEmails',
      status: 'queued',
      requestedBy: me.email,
    });
    const job = await finished('allemails', started.jobId);
    expect(job.status).toBe('done');

    const gen1 = Number((await h.pool.query('select count(*) as n from users')).rows[0].n);
    const gen2 = await h.db.collection('users').countDocuments({});
    expect(job.rowsTotal).toBe(gen1 + gen2);
    expect(job.rowsDone).toBe(gen1 + gen2);

    const csv = await reportCsv(me.email, since);
    expect(csv.subject).toBe(`Report: All e-mails (${(gen1 + gen2).toLocaleString('en-GB')} rows)`);
    expect(csv.lines[0]).toBe('generation,userId,email,name,created');
    expect(csv.lines).toHaveLength(1 + gen1 + gen2);
    const anyGen1 = (await h.pool.query('select email from users order by user_id limit 1')).rows[0].email;
    expect(csv.lines.some((l) => l.startsWith('Link,') && l.includes(anyGen1))).toBe(true);
    expect(csv.lines.filter((l) => l.startsWith('Link Plus,'))).toHaveLength(gen2);
    // Larger than REPORT_GZIP_BYTES (1,000) here: attached gzipped, and unzips to the same rows.
    expect(csv.lines.join('\r\n').length).toBeGreaterThan(1000);
    expect(csv.file).toMatch(/^allemails-allEmails-\d{4}-\d{2}-\d{2}\.csv\.gz$/);
  });

  it('refuses a second job of a kind while one is under way, on any instance, and frees the kind after', async () => {
    const me = marketing();
    const body = { email: me.email, link1: true, linkPlus: true };
    const first = data<ReportJob>(await h.call('stats.reportUserDevices', { body, caller: me }));
    const second = failure(await h.call('stats.reportUserDevices', { body, caller: me }));
    expect(second).toMatchObject({ statusCode: 409, message: REPORT_TEXT.busy });
    // The other report of the same kind waits too; another kind does not.
    const sameKind = failure(
      await h.call('stats.reportProductsWithConnect', { body: { email: me.email }, caller: me }),
    );
    expect(sameKind.statusCode).toBe(409);
    const otherKind = data<ReportJob>(await h.call('stats.reportLinks', { body, caller: me }));
    expect((await finished('user-devices', first.jobId)).status).toBe('done');
    expect((await finished('links', otherKind.jobId)).status).toBe('done');
    const again = data<ReportJob>(
      await h.call('stats.reportProductsWithConnect', { body: { email: me.email }, caller: me }),
    );
    expect((await finished('user-devices', again.jobId)).status).toBe('done');
  });

  it('checks the options on the server: an option, the own address, the dates and the roles', async () => {
    const me = marketing();
    expect(
      failure(
        await h.call('stats.reportLinks', {
          body: { email: me.email, link1: false, linkPlus: false },
          caller: me,
        }),
      ),
    ).toMatchObject({ statusCode: 400, message: REPORT_TEXT.noOption });
    expect(
      failure(
        await h.call('stats.reportAllEmails', {
          body: { email: 'someone@elsewhere.example', link1: true, linkPlus: false },
          caller: me,
        }),
      ),
    ).toMatchObject({ statusCode: 403, message: REPORT_TEXT.ownAddress });
    expect(
      failure(
        await h.call('stats.reportActiveLinkPlus', {
          body: { email: me.email, fromDate: '2026-05-01T00:00:00Z', toDate: '2026-04-01T00:00:00Z' },
          caller: me,
        }),
      ),
    ).toMatchObject({ statusCode: 400 });
    expect(
      failure(
        await h.call('stats.reportActiveConnect', {
          body: { email: me.email, activeInLastDays: 0 },
          caller: me,
        }),
      ).statusCode,
    ).toBe(400);
    const support = h.staff(['support']);
    expect(
      failure(
        await h.call('stats.reportAllEmails', {
          body: { email: support.email, link1: true, linkPlus: true },
          caller: support,
        }),
      ).statusCode,
    ).toBe(403);
    expect(
      failure(await h.call('stats.reportInProgress', { params: { kind: 'nope' }, caller: me })).statusCode,
    ).toBe(400);
    // Nothing was queued by any of them.
    const p = data<ReportProgress>(
      await h.call('stats.reportInProgress', { params: { kind: 'allemails' }, caller: me }),
    );
    expect(p.inProgress).toBe(false);
  });

  it('counts active Connect links by their last ping, 7 days by default', async () => {
    const me = marketing();
    const since = Date.now();
    const job = data<ReportJob>(
      await h.call('stats.reportActiveConnect', { body: { email: me.email }, caller: me }),
    );
    expect(job.params).toEqual({ activeInLastDays: 7 });
    const done = await finished('allemails', job.jobId);
    const cutoff = Math.floor((Date.parse(done.createdAt) - 7 * 86_400_000) / 1000);
    const expected = Number(
      (await h.pool.query('select count(*) as n from wfls where pingtime >= $1', [cutoff])).rows[0].n,
    );
    expect(done.rowsDone).toBe(expected);
    const csv = await reportCsv(me.email, since);
    expect(csv.lines[0]).toBe('userId,email,name,mac,linkName,lastPing');
    expect(csv.lines).toHaveLength(1 + expected);
  });
});
