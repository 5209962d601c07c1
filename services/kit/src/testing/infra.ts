import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/**
 * A short random token for subject prefixes, key prefixes and database names. Inside a test run
 * it starts with the run's id (`TEST_RUN_ID`, set by the global setup), so the run's teardown can
 * tell its own leftovers from those of a run going on beside it.
 */
export function uniqueName(base: string): string {
  const run = /^[0-9a-f]{4}$/.test(process.env.TEST_RUN_ID ?? '') ? process.env.TEST_RUN_ID : '';
  return `${base}_${run}${randomBytes(run ? 3 : 4).toString('hex')}`;
}

/** The URLs tests/support/global-setup.ts settled on (from infra/dev-infra.sh up). */
export interface InfraEnv {
  NATS_URL: string;
  DATABASE_URL: string;
  MONGO_URL: string;
  REDIS_URL: string;
  SMTP_URL: string;
  MAILBOX_URL: string;
}

/** The infrastructure URLs, inside a test file of the services, integration or e2e tier. */
export function infraEnv(): InfraEnv {
  // Typed here rather than by augmenting vitest's ProvidedContext, which the re-exported type does not merge.
  return inject('infra' as never) as InfraEnv;
}
