import { createServer, runServer } from '@console/kit';
import { authApp } from './app.ts';
import { authConfig } from './config.ts';

const config = authConfig();
const app = await createServer({ service: 'auth', logLevel: config.LOG_LEVEL, instance: config.INSTANCE_ID });
try {
  await app.register(authApp, { config });
} catch (err) {
  // Most often a store that is not up yet; the supervisor restarts us.
  app.log.fatal({ err }, 'auth service could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
await runServer(app, config.HOST, config.PORT);
