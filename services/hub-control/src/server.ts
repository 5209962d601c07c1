import { createServer, instanceId, runServer } from '@console/kit';
import { hubControlApp } from './app.ts';
import { hubControlConfig } from './config.ts';

const config = hubControlConfig();
const instance = instanceId(config.INSTANCE_ID);
const app = await createServer({ service: 'hub-control', logLevel: config.LOG_LEVEL, instance });
try {
  await app.register(hubControlApp, { config, instance });
} catch (err) {
  // Most often a store that is not up yet; the supervisor restarts us.
  app.log.fatal({ err }, 'hub-control could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
await runServer(app, config.HOST, config.PORT);
