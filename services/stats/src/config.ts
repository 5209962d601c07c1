import { CommonConfigSchema, REQUEST_DEADLINE_MS, readConfig } from '@console/kit';
import { type Static, Type } from '@sinclair/typebox';

export const StatsConfigSchema = Type.Composite([
  CommonConfigSchema,
  Type.Object({
    ROLLUP_BATCH: Type.Integer({
      default: 5000,
      minimum: 1,
      description: 'Stream messages counted per database transaction at most',
    }),
    ROLLUP_FLUSH_MS: Type.Integer({
      default: 250,
      minimum: 10,
      description: 'How long a partial batch waits for more messages before it is written',
    }),
    ROLLUP_LEADER_RETRY_MS: Type.Integer({
      default: 5000,
      minimum: 100,
      description: 'How often an instance that is not counting the stream tries to take over',
    }),
    STORE_FOLLOW_BATCH: Type.Integer({
      default: 100,
      minimum: 1,
      description:
        'Store announcements (each up to 256 kB of records) counted per database transaction at most',
    }),
    SMTP_URL: Type.String({ default: 'smtp://127.0.0.1:1025', description: 'Where report e-mails are sent' }),
    MAIL_FROM: Type.String({ default: 'Staff Console <no-reply@console.local>' }),
    REPORT_CONCURRENCY: Type.Integer({
      default: 3,
      minimum: 1,
      maximum: 3,
      description: 'Report jobs one instance runs at once',
    }),
    REPORT_ACK_WAIT_MS: Type.Integer({
      default: 30_000,
      minimum: 1000,
      description: 'A job whose worker stops answering goes to another worker after this long',
    }),
    REPORT_STALE_MS: Type.Integer({
      default: 120_000,
      minimum: 2000,
      description: 'A running job silent this long (no worker took it over) is marked failed',
    }),
    REPORT_PAGE_ROWS: Type.Integer({
      default: 2000,
      minimum: 1,
      maximum: 50_000,
      description: 'Rows read per round trip',
    }),
    REPORT_GZIP_BYTES: Type.Integer({
      default: 10_000_000,
      minimum: 0,
      description: 'A CSV larger than this is attached gzipped',
    }),
    REPORT_LIVE_READ_TIMEOUT_MS: Type.Integer({
      default: 45_000,
      minimum: 1000,
      description:
        'Query Live for missing: how long one live read (up to 20 hubs through hub-control) may take; its features then count as failed reads',
    }),
    REPORT_PAGE_PAUSE_MS: Type.Integer({
      default: 0,
      minimum: 0,
      description: 'Tests only: a pause after each page of rows, to kill a worker mid-job',
    }),
    QUERY_DEADLINE_MS: Type.Integer({
      default: REQUEST_DEADLINE_MS,
      minimum: 10,
      description:
        "A request's store work is stopped by the store after this long (Postgres statement_timeout, Mongo maxTimeMS): below the gateway's 10 s, so nothing runs on after a 504",
    }),
    READ_MODELS: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
      default: 'auto',
      description:
        'auto: build the read models of the Gen2 documents once, then follow them (docs/read-models.md); off: neither',
    }),
    READ_MODEL_FOLLOW_MS: Type.Integer({
      default: 30_000,
      minimum: 50,
      description:
        'How often the read models sweep a round of rows for changes and deletions at the most (a round also waits 20 times its own last duration); new records come from the store announcements at once',
    }),
    READ_MODEL_SAFETY_MS: Type.Integer({
      default: 3_600_000,
      minimum: 50,
      description:
        "The read models' safety net: how often they look for documents a writer inserted without announcing them (an _id range read; on FerretDB it decodes the collection, so it also waits 20 times its own last duration)",
    }),
    BACKFILL: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
      default: 'auto',
      description: 'auto: count stored data once, at the first start (and for any metric not yet counted)',
    }),
  }),
]);
export type StatsConfig = Static<typeof StatsConfigSchema>;

export const statsConfig = (env: NodeJS.ProcessEnv = process.env): StatsConfig =>
  readConfig(StatsConfigSchema, env);
