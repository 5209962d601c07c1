import { createServer, runServer } from '@console/kit';
import { searchApp } from './app.ts';
import { searchConfig } from './config.ts';

const config = searchConfig();
const app = await createServer({
  service: 'search',
  logLevel: config.LOG_LEVEL,
  instance: config.INSTANCE_ID,
});
try {
  await app.register(searchApp, { config });
} catch (err) {
  // Most often a store that is not up yet; the supervisor restarts us.
  app.log.fatal({ err }, 'search service could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
await runServer(app, config.HOST, config.PORT);
