/**
 * What the tests of every tier share (docs/testing.md): the infrastructure's URLs, scratch
 * Postgres/Mongo/Redis of a test's own, the one operation client (the gateway's envelope over
 * NATS), the one `waitFor`, the mailbox reader and the suite lifecycle.
 */
export * from './testing/app.ts';
export * from './testing/audit.ts';
export * from './testing/frame-socket.ts';
export * from './testing/free-port.ts';
export * from './testing/infra.ts';
export * from './testing/mailbox.ts';
export * from './testing/mongo.ts';
export * from './testing/nats.ts';
export * from './testing/operations.ts';
export * from './testing/postgres.ts';
export * from './testing/redis.ts';
export * from './testing/suite.ts';
export * from './testing/wait-for.ts';
