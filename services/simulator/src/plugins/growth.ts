import { postgresPlugin } from '@console/kit';
import { GrowthTakenError, growWorld, storeAnnouncements } from '@console/world';
import { jetstream } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SimulatorConfig } from '../config.ts';

const DAY = 86_400_000;

/**
 * The living platform beside the hubs: every tick of SIM_GROWTH_TICK_S, the world loaded in
 * Postgres and Mongo gains what a day's rates bring (new customers, links, devices, commands,
 * notes; services/world's growWorld). Shard 0 only; two instances never write a tick twice (the
 * tick is a compare-and-set in Postgres). A failure is logged and tried again at the next tick.
 * What it inserts into the collections the statistics count is announced on `STORE`
 * (contracts/src/store-events.ts), as every writer of those collections must: the stats service
 * follows the announcements, since the Mongo-compatible store cannot say what is new.
 */
export const growthPlugin = fp(
  async (app: FastifyInstance, { config }: { config: SimulatorConfig }) => {
    await app.register(postgresPlugin, { url: config.DATABASE_URL, max: 2 });
    const rates = {
      customer: config.SIM_GROWTH_CUSTOMERS_PER_DAY,
      link: config.SIM_GROWTH_LINKS_PER_DAY,
      device: config.SIM_GROWTH_DEVICES_PER_DAY,
      command: config.SIM_GROWTH_COMMANDS_PER_DAY,
      note: config.SIM_GROWTH_NOTES_PER_DAY,
    };
    const tickMs = config.SIM_GROWTH_TICK_S * 1000;
    const js = jetstream(app.nats);
    const onInserted = async (key: string, docs: Record<string, unknown>[]) => {
      for (const m of storeAnnouncements(app.subjects.prefix, key, docs))
        await js.publish(m.subject, m.body, { msgID: m.msgID });
    };
    let running: Promise<void> | null = null;
    let waiting = '';
    const grow = async () => {
      try {
        const r = await growWorld({
          pool: app.pg,
          db: app.mongo,
          rates,
          tickMs,
          catchUpMs: config.SIM_GROWTH_CATCH_UP_DAYS * DAY,
          onInserted,
        });
        if (r.waiting && r.waiting !== waiting) app.log.info(`world growth waits: ${r.waiting}`);
        waiting = r.waiting ?? '';
        if (r.ticks > 0) {
          const added = Object.fromEntries(Object.entries(r.added).map(([k, v]) => [k, v.length]));
          app.log.info({ ticks: r.ticks, next: r.next, skipped: r.skipped, added }, 'world grew');
        }
        // A long catch-up comes in slices of 60 ticks: the next slice at once.
        if (r.ticks === 60) setImmediate(run);
      } catch (err) {
        if (err instanceof GrowthTakenError) app.log.debug('another instance grows the world');
        else app.log.warn({ err }, 'world growth failed; trying again at the next tick');
      }
    };
    const run = () => {
      if (running) return;
      running = grow().finally(() => {
        running = null;
      });
    };
    const timer = setInterval(run, Math.min(tickMs, 10_000));
    app.addHook('onReady', async () => run());
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
    app.log.info({ rates, tickS: config.SIM_GROWTH_TICK_S }, 'world growth on');
  },
  { name: 'simulator-growth', dependencies: ['health', 'mongo'] },
);
