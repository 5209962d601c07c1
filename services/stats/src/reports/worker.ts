import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { REPORTS, streamNames } from '@console/contracts';
import { publishAuditRecord, requireStreams } from '@console/kit';
import { AckPolicy, JetStreamApiError, type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { csvLine } from './csv.ts';
import { ReportJobs, type StoredJob } from './jobs.store.ts';
import { liveReader, type RunCaller } from './live-read.ts';
import { reportSource } from './sources.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reports: { jobs: ReportJobs; enqueue(job: StoredJob): Promise<void> };
  }
}

export interface ReportWorkerOptions {
  smtpUrl: string;
  mailFrom: string;
  /** Jobs this instance runs at once (one per kind is the most that can exist). */
  concurrency: number;
  /** Unacknowledged this long, a job goes to another worker (the worker says "still working" meanwhile). */
  ackWaitMs: number;
  /** A running job whose worker is silent this long is failed (longer than ackWaitMs: a takeover comes first). */
  staleMs: number;
  /** Rows per database round trip. */
  pageRows: number;
  /** Attachments larger than this go gzipped (`.csv.gz`). */
  gzipBytes: number;
  /** JetStream replicas of the REPORTS stream (`NATS_STREAM_REPLICAS`). */
  replicas: number;
  /** The caller-assertion key: Query Live for missing asks hub-control as the gateway would. */
  assertionKey: string;
  /** How long one live read (up to 20 hubs, 4 at a time) may take before its features count as failed. */
  liveReadTimeoutMs: number;
  /** Test knob: a pause after each page of rows (0 in service), so a test can kill a worker mid-job. */
  pagePauseMs: number;
}

const CONSUMER = 'report-worker';
const encoder = new TextEncoder();

/**
 * The report worker: jobs wait on the REPORTS work queue (JetStream, one message per job, removed
 * when acknowledged); any instance takes the next one, writes its CSV to a temporary file a page at
 * a time (never the whole report in memory), e-mails it to the staff member as an attachment, and
 * acknowledges. A worker that dies mid-job leaves its message unacknowledged: after `ackWaitMs` the
 * queue hands it to another worker, which starts the job again (attempt 2). If none does within
 * `staleMs` of the last heartbeat, the job is marked failed, never left "in progress".
 */
export const reportWorkerPlugin = fp(
  async (app: FastifyInstance, opts: ReportWorkerOptions) => {
    const jobs = new ReportJobs(app.pg, opts.staleMs);
    const js = jetstream(app.nats);
    const jsm = await jetstreamManager(app.nats);
    const stream = streamNames(app.subjects.prefix).reports;
    // The REPORTS stream comes from the start-up step with the others (services/kit/src/prepare-streams.ts).
    await requireStreams(app.nats, app.subjects.prefix, { replicas: opts.replicas });
    await jsm.consumers
      .add(stream, {
        durable_name: CONSUMER,
        ack_policy: AckPolicy.Explicit,
        ack_wait: opts.ackWaitMs * 1e6,
        max_deliver: 5,
      })
      .catch(async (err) => {
        // Another instance created it first (or with an older ack wait): bring it in line.
        if (err instanceof JetStreamApiError)
          return jsm.consumers.update(stream, CONSUMER, { ack_wait: opts.ackWaitMs * 1e6, max_deliver: 5 });
        throw err;
      });
    const consumer = await js.consumers.get(stream, CONSUMER);
    const mailer = nodemailer.createTransport(opts.smtpUrl);

    app.decorate('reports', {
      jobs,
      async enqueue(job: StoredJob) {
        await js.publish(app.subjects.reportJob(job.kind), encoder.encode(job.jobId), { msgID: job.jobId });
        // Who took which customers' data out, kept on the AUDIT stream with every other staff action.
        const audit = {
          kind: 'report',
          jobId: job.jobId,
          report: job.report,
          params: job.params,
          staff: { userId: job.requestedById, email: job.requestedBy },
          at: Date.now(),
        };
        await publishAuditRecord(app, audit, { msgId: `report-${job.jobId}` }).catch((err) =>
          app.log.error({ err, jobId: job.jobId }, 'report job not audited'),
        );
      },
    });

    let stopping = false;
    const running = new Set<Promise<void>>();
    const loop = async () => {
      while (!stopping) {
        let msg: JsMsg | null = null;
        try {
          msg = await consumer.next({ expires: 2000 });
        } catch (err) {
          if (stopping) return;
          app.log.warn({ err }, 'report queue: could not fetch; retrying');
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        if (!msg) continue;
        await runJob(app, jobs, mailer, opts, msg, () => stopping);
      }
    };
    app.addHook('onReady', async () => {
      for (let i = 0; i < opts.concurrency; i++) {
        const p = loop().catch((err) => app.log.error({ err }, 'report worker stopped'));
        running.add(p);
      }
    });
    const sweeper = setInterval(
      () => {
        void jobs.sweep().catch((err) => app.log.warn({ err }, 'report sweep failed'));
      },
      Math.max(1000, Math.floor(opts.staleMs / 4)),
    );
    sweeper.unref();
    app.addHook('onClose', async () => {
      stopping = true;
      clearInterval(sweeper);
      await Promise.allSettled(running);
      mailer.close();
    });
  },
  { name: 'report-worker', dependencies: ['nats', 'postgres', 'mongo'] },
);

async function runJob(
  app: FastifyInstance,
  jobs: ReportJobs,
  mailer: Transporter,
  opts: ReportWorkerOptions,
  msg: JsMsg,
  stopping: () => boolean,
) {
  const jobId = msg.string();
  const job = await jobs.claim(jobId).catch((err) => {
    app.log.error({ err, jobId }, 'report job could not be claimed');
    return undefined;
  });
  if (job === undefined) return msg.nak(2000);
  // Over already (done, failed by the sweep) or unknown: nothing to run.
  if (job === null) return msg.ack();
  const log = app.log.child({ jobId, report: job.report, attempt: job.attempts });
  log.info('report job started');
  const keepAlive = setInterval(() => msg.working(), Math.max(500, Math.floor(opts.ackWaitMs / 3)));
  const dir = await mkdtemp(join(tmpdir(), 'report-'));
  try {
    const result = await writeCsv(app, jobs, opts, job, dir, stopping);
    if (result === 'lost') {
      log.warn('report job taken away (failed by the sweep); stopping');
      return msg.ack();
    }
    if (result === 'stopping') return msg.nak();
    // Cancelled (or failed by the sweep) while the last rows were written: no mail, no result.
    if (!(await jobs.stillRunning(job.jobId, job.attempts))) {
      log.info('report job ended meanwhile (cancelled); not sent');
      return msg.ack();
    }
    await mailer.sendMail({
      from: opts.mailFrom,
      to: job.email,
      subject: `Report: ${REPORTS[job.report].label} (${result.rows.toLocaleString('en-GB')} rows)`,
      text: mailText(job, result.rows),
      attachments: [{ filename: result.file, path: result.path, contentType: result.contentType }],
    });
    await jobs.finish(job.jobId, job.attempts, {
      rows: result.rows,
      bytes: result.bytes,
      file: result.file,
      result: result.summary,
    });
    log.info({ rows: result.rows, bytes: result.bytes }, 'report job done');
    msg.ack();
  } catch (err) {
    log.error({ err }, 'report job failed');
    await jobs
      .fail(job.jobId, `The report could not be made: ${(err as Error).message}`, job.attempts)
      .catch(() => undefined);
    msg.ack();
  } finally {
    clearInterval(keepAlive);
    await rm(dir, { recursive: true, force: true });
  }
}

async function writeCsv(
  app: FastifyInstance,
  jobs: ReportJobs,
  opts: ReportWorkerOptions,
  job: StoredJob,
  dir: string,
  stopping: () => boolean,
): Promise<
  | 'lost'
  | 'stopping'
  | {
      rows: number;
      bytes: number;
      file: string;
      path: string;
      contentType: string;
      summary?: Record<string, unknown>;
    }
> {
  const runBy = job.params.runBy as RunCaller | undefined;
  const source = reportSource(job.report, job.params, {
    pool: app.pg,
    db: app.mongo,
    page: opts.pageRows,
    ...(runBy
      ? {
          liveRead: liveReader(
            app.nats,
            app.subjects.prefix,
            opts.assertionKey,
            job.jobId,
            runBy,
            opts.liveReadTimeoutMs,
          ),
        }
      : {}),
  });
  const total = await source.count();
  if (!(await jobs.progress(job.jobId, job.attempts, { rowsDone: 0, rowsTotal: total, bytes: 0 })))
    return 'lost';
  const base = `${job.kind}-${job.report}-${job.createdAt.slice(0, 10)}`;
  const csvPath = join(dir, `${base}.csv`);
  const out = createWriteStream(csvPath);
  let bytes = 0;
  let rows = 0;
  let lastBeat = Date.now();
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  try {
    await write(csvLine(source.header));
    for await (const cells of source.rows()) {
      await write(csvLine(cells));
      rows++;
      if (rows % opts.pageRows === 0) {
        if (opts.pagePauseMs) await new Promise((r) => setTimeout(r, opts.pagePauseMs));
        if (stopping()) return 'stopping';
      }
      if (Date.now() - lastBeat >= 1000) {
        lastBeat = Date.now();
        if (!(await jobs.progress(job.jobId, job.attempts, { rowsDone: rows, bytes }))) return 'lost';
      }
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  await jobs.progress(job.jobId, job.attempts, { rowsDone: rows, bytes });
  const summary = source.summary?.();
  if (bytes <= opts.gzipBytes)
    return { rows, bytes, file: `${base}.csv`, path: csvPath, contentType: 'text/csv', summary };
  const gzPath = `${csvPath}.gz`;
  await pipeline(createReadStream(csvPath), createGzip(), createWriteStream(gzPath));
  const size = (await stat(gzPath)).size;
  return {
    rows,
    bytes: size,
    file: `${base}.csv.gz`,
    path: gzPath,
    contentType: 'application/gzip',
    summary,
  };
}

function mailText(job: StoredJob, rows: number): string {
  const options = Object.entries(job.params)
    .filter(([k]) => k !== 'email')
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
  return [
    'Hello,',
    '',
    `The report "${REPORTS[job.report].label}" you asked for at ${job.createdAt} is attached: ${rows.toLocaleString('en-GB')} rows.`,
    options ? `Options: ${options}.` : '',
    '',
    'It holds customer personal data: keep it on company systems and delete it when you are done.',
  ].join('\n');
}
