import {
  ApiError,
  REPORT_TEXT,
  type ReportJob,
  type ReportKind,
  type ReportName,
  type ReportStatus,
} from '@console/contracts';
import type pg from 'pg';

interface Row {
  job_id: string;
  kind: ReportKind;
  report: ReportName;
  params: Record<string, unknown>;
  status: ReportStatus;
  requested_by_id: string;
  requested_by: string;
  email: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  rows_done: string;
  rows_total: string | null;
  bytes: string;
  attempts: number;
  file: string | null;
  error: string | null;
  cancelled_by: string | null;
  result: Record<string, unknown> | null;
}

export interface StoredJob extends ReportJob {
  email: string;
  requestedById: string;
  /** A feature-data run's summary (null for CSV exports). */
  result: Record<string, unknown> | null;
}

function toJob(r: Row): StoredJob {
  return {
    jobId: r.job_id,
    kind: r.kind,
    report: r.report,
    status: r.status,
    requestedBy: r.requested_by,
    requestedById: r.requested_by_id,
    email: r.email,
    params: r.params,
    createdAt: r.created_at.toISOString(),
    startedAt: r.started_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
    rowsDone: Number(r.rows_done),
    rowsTotal: r.rows_total === null ? null : Number(r.rows_total),
    bytes: Number(r.bytes),
    attempts: r.attempts,
    file: r.file,
    error: r.error,
    cancelledBy: r.cancelled_by,
    result: r.result,
  };
}

const UNIQUE_VIOLATION = '23505';

/**
 * The report jobs in Postgres: one queued or running job per kind across every instance (a partial
 * unique index), the progress the screens poll, and the sweep that fails a job whose worker went
 * quiet for longer than `staleMs` (no other worker took it over from the work queue in that time).
 */
export class ReportJobs {
  private readonly pool: pg.Pool;
  private readonly staleMs: number;
  constructor(pool: pg.Pool, staleMs: number) {
    this.pool = pool;
    this.staleMs = staleMs;
  }

  async create(job: {
    jobId: string;
    kind: ReportKind;
    report: ReportName;
    params: Record<string, unknown>;
    requestedById: string;
    requestedBy: string;
    email: string;
  }): Promise<StoredJob> {
    await this.sweep(job.kind);
    try {
      const { rows } = await this.pool.query<Row>(
        `insert into report_jobs (job_id, kind, report, params, status, requested_by_id, requested_by, email)
         values ($1, $2, $3, $4, 'queued', $5, $6, $7) returning *`,
        [job.jobId, job.kind, job.report, job.params, job.requestedById, job.requestedBy, job.email],
      );
      return toJob(rows[0] as Row);
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new ApiError(409, REPORT_TEXT.busy);
      throw err;
    }
  }

  /** The job of this kind under way, else the latest one (null when none ever ran). */
  async current(kind: ReportKind): Promise<StoredJob | null> {
    await this.sweep(kind);
    const { rows } = await this.pool.query<Row>(
      `select * from report_jobs where kind = $1
        order by (status in ('queued', 'running')) desc, created_at desc limit 1`,
      [kind],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }

  async get(jobId: string): Promise<StoredJob | null> {
    const { rows } = await this.pool.query<Row>('select * from report_jobs where job_id = $1', [jobId]);
    return rows[0] ? toJob(rows[0]) : null;
  }

  /** A worker takes the job (again, after a worker died: the attempt counts up); null if it is over. */
  async claim(jobId: string): Promise<StoredJob | null> {
    // A job silent past the limit is failed first, even if this worker could still run it: once
    // a screen may have shown it failed, it must not come back to life.
    await this.sweep();
    const { rows } = await this.pool.query<Row>(
      `update report_jobs set status = 'running', attempts = attempts + 1, started_at = coalesce(started_at, now()),
              heartbeat_at = now(), rows_done = 0, bytes = 0
        where job_id = $1 and status in ('queued', 'running') returning *`,
      [jobId],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }

  /** Progress and heartbeat; false when the job is no longer this worker's to run (failed by the sweep). */
  async progress(jobId: string, attempt: number, p: { rowsDone: number; rowsTotal?: number; bytes: number }) {
    const r = await this.pool.query(
      `update report_jobs set rows_done = $3, rows_total = coalesce($4, rows_total), bytes = $5, heartbeat_at = now()
        where job_id = $1 and attempts = $2 and status = 'running'`,
      [jobId, attempt, p.rowsDone, p.rowsTotal ?? null, p.bytes],
    );
    return r.rowCount === 1;
  }

  async finish(
    jobId: string,
    attempt: number,
    done: { rows: number; bytes: number; file: string; result?: Record<string, unknown> },
  ) {
    await this.pool.query(
      `update report_jobs set status = 'done', rows_done = $3, bytes = $4, file = $5, result = $6,
              finished_at = now(), heartbeat_at = now()
        where job_id = $1 and attempts = $2 and status = 'running'`,
      [jobId, attempt, done.rows, done.bytes, done.file, done.result ?? null],
    );
  }

  /** Whether the job may still run (a cancel or the sweep may have ended it meanwhile). */
  async stillRunning(jobId: string, attempt: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `select 1 from report_jobs where job_id = $1 and attempts = $2 and status = 'running'`,
      [jobId, attempt],
    );
    return rowCount === 1;
  }

  /** The latest job of the kind that finished with a result (Get Results' "lastRan"). */
  async latestDone(kind: ReportKind): Promise<StoredJob | null> {
    const { rows } = await this.pool.query<Row>(
      `select * from report_jobs where kind = $1 and status = 'done' order by finished_at desc limit 1`,
      [kind],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }

  /** Ends the kind's queued or running job on a person's word; its worker sees it at its next beat. */
  async cancel(kind: ReportKind, by: string): Promise<StoredJob | null> {
    const { rows } = await this.pool.query<Row>(
      `update report_jobs set status = 'failed', error = $2, cancelled_by = $3, finished_at = now()
        where kind = $1 and status in ('queued', 'running') returning *`,
      [kind, `Cancelled by ${by}.`, by],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }

  async fail(jobId: string, error: string, attempt?: number) {
    await this.pool.query(
      `update report_jobs set status = 'failed', error = $2, finished_at = now()
        where job_id = $1 and status in ('queued', 'running') and ($3::int is null or attempts = $3)`,
      [jobId, error, attempt ?? null],
    );
  }

  /** Running jobs whose worker has said nothing for `staleMs`: failed, so the kind is free again. */
  async sweep(kind?: ReportKind): Promise<number> {
    const r = await this.pool.query(
      `update report_jobs set status = 'failed', error = $1, finished_at = now()
        where status = 'running' and heartbeat_at < now() - make_interval(secs => $2::double precision / 1000)
          and ($3::text is null or kind = $3)`,
      [REPORT_TEXT.stale, this.staleMs, kind ?? null],
    );
    return r.rowCount ?? 0;
  }
}
