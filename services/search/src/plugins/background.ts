import { streamNames } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SearchConfig } from '../config.ts';
import { accelerate, backendMatches } from './ferret.ts';
import { reindex, worldLoaded } from './gen2/reindex.ts';
import { SearchStoreFollower } from './gen2/store-follow.ts';

const OUTBOX_EVERY_MS = 30_000;

/** Builds the whole Gen2 search index (and the FerretDB accelerator indexes first). */
export async function buildIndex(app: FastifyInstance) {
  const { maintenance } = app.searchDomain;
  let { backend } = app.searchDomain;
  if (backend && !(await backendMatches(app.mongo, backend))) backend = null;
  if (backend) await accelerate(backend);
  return reindex(maintenance, app.mongo, backend, (m) => app.log.info(m));
}

/**
 * Work beside the requests: the first build of the Gen2 search index, refreshes for what audit
 * events name and for what the stores' writers announce (`STORE` subjects), and delivery of automatic notes that could not reach Mongo at once.
 */
export const backgroundPlugin = fp(
  async (app: FastifyInstance, opts: { config: SearchConfig }) => {
    const { config } = opts;
    const onError = (err: unknown) => app.log.error({ err }, 'background search work failed');
    let building: Promise<unknown> | null = null;
    // What the stores' writers announce they inserted (the growth's and the loader's new
    // customers): searchable within seconds, and what was announced while no instance ran is
    // taken up at the next start (gen2/store-follow.ts).
    const follower = config.INDEX_FOLLOW_STORE
      ? new SearchStoreFollower({
          nc: app.nats,
          pool: app.pg,
          refresher: app.searchDomain.refresher,
          log: app.log,
          stream: streamNames(config.NATS_PREFIX).store,
          retryMs: config.INDEX_FOLLOW_RETRY_MS,
        })
      : null;
    // Set before a whole build: the follower starts from the stream's end as it was then.
    let skipped: Promise<unknown> = Promise.resolve();
    if (follower) {
      app.addHook('onReady', async () => {
        await skipped;
        follower.start();
      });
      app.addHook('preClose', async () => follower.stop());
    }
    // 'auto': never built, or built over another world than the one loaded now.
    const built = await app.pg.query<{ world: string | null }>(
      "select value->>'world' as world from search_g2_meta where key = 'build'",
    );
    const stale = !built.rowCount || built.rows[0]?.world !== (await worldLoaded(app.pg));
    if (config.INDEX_ON_START === 'always' || (config.INDEX_ON_START === 'auto' && stale)) {
      // A whole build reads all that is stored now: announcements made before it are not read again.
      skipped = follower ? follower.skipToEnd().catch(onError) : skipped;
      building = skipped
        .then(() => buildIndex(app))
        .then((r) => app.log.info(r, 'Gen2 search index built'))
        .catch(onError);
    }
    if (config.INDEX_FOLLOW_AUDIT) {
      // One instance of the queue group refreshes each event's hub or structure.
      const sub = app.nats.subscribe(app.subjects.auditAny(), {
        queue: 'search-index',
        callback: (err, msg) => {
          if (err) return onError(err);
          try {
            app.searchDomain.refresher.request(msg.json());
          } catch {
            // not JSON: nothing to refresh
          }
        },
      });
      app.addHook('onClose', async () => sub.unsubscribe());
    }
    const timer = setInterval(() => void app.searchDomain.outbox.deliver().catch(onError), OUTBOX_EVERY_MS);
    timer.unref();
    void app.searchDomain.outbox.deliver().catch(onError);
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await building;
    });
  },
  { name: 'search-background', dependencies: ['search-domain', 'nats'] },
);
