import { normalizeMac, type WflPing } from '@console/contracts';
import type { Subscription } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isMissingTable, type PingIn } from './gen1.store.ts';

const FIELDS = ['mac', 'date', 'data', 'reply', 'node'] as const;

/** A ping as `contracts`' WflPingSchema says (checked by hand: the date-time format is not registered here). */
function readPing(raw: string): PingIn | null {
  let p: Partial<Record<keyof WflPing, unknown>> | null;
  try {
    p = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!p || typeof p !== 'object' || FIELDS.some((f) => typeof p?.[f] !== 'string')) return null;
  const ping = p as WflPing;
  const mac = normalizeMac(ping.mac);
  const date = new Date(ping.date);
  if (!mac || Number.isNaN(date.getTime())) return null;
  return { mac, date, data: ping.data, reply: ping.reply, node: ping.node };
}
const FLUSH_MS = 250;
const MAX_BATCH = 500;
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The ping server's part: every `wfl.<mac>.ping` is stored in `pings` and moves the link's
 * `wfls.pingtime` forward, so "online" (last ping under 60 s) reads the same here and in search.
 * One queue group across instances: each ping is stored once. Writes go out in batches.
 */
export const wflPingsPlugin = fp(
  async (app: FastifyInstance, opts: { keepHours: number }) => {
    const { gen1, hubMetrics } = app;
    let buffer: PingIn[] = [];
    let flushing: Promise<void> = Promise.resolve();
    let warnedAt = 0;
    const warn = (err: unknown, n: number) => {
      hubMetrics.pings.labels('dropped').inc(n);
      if (Date.now() - warnedAt < 60_000) return;
      warnedAt = Date.now();
      if (isMissingTable(err))
        app.log.warn('pings not stored: the Gen1 tables are not there (load the world)');
      else app.log.warn({ err }, 'pings not stored');
    };
    const flush = () => {
      if (buffer.length === 0) return flushing;
      const batch = buffer;
      buffer = [];
      flushing = flushing
        .then(() => gen1.storePings(batch))
        .then(
          () => void hubMetrics.pings.labels('stored').inc(batch.length),
          (err) => warn(err, batch.length),
        );
      return flushing;
    };

    const prefix = app.subjects.prefix;
    const subject = `${prefix ? `${prefix}.` : ''}wfl.*.ping`;
    const sub: Subscription = app.nats.subscribe(subject, {
      queue: 'hub-control-pings',
      callback: (err, msg) => {
        if (err) return app.log.error({ err }, 'ping subscription failed');
        const ping = readPing(msg.string());
        if (!ping) {
          hubMetrics.malformed.labels('ping').inc();
          return;
        }
        buffer.push(ping);
        if (buffer.length >= MAX_BATCH) void flush();
      },
    });
    const timer = setInterval(() => void flush(), FLUSH_MS);
    const prune = () =>
      gen1
        .prunePings(opts.keepHours)
        .catch((err) => (isMissingTable(err) ? 0 : app.log.warn({ err }, 'ping prune failed')));
    const pruner = setInterval(() => void prune(), PRUNE_EVERY_MS);

    app.decorate('flushPings', flush);
    app.addHook('preClose', async () => {
      clearInterval(timer);
      clearInterval(pruner);
      sub.unsubscribe();
      await flush();
    });
  },
  { name: 'wfl-pings', dependencies: ['nats', 'gen1-store', 'hub-metrics'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the pings heard so far (tests, shutdown). */
    flushPings: () => Promise<void>;
  }
}
