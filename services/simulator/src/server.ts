import { createServer, instanceId, runServer } from '@console/kit';
import { simulatorApp } from './app.ts';
import { simulatorConfig } from './config.ts';

const config = simulatorConfig();
const workerId = instanceId(config.INSTANCE_ID);
const app = await createServer({ service: 'simulator', logLevel: config.LOG_LEVEL, instance: workerId });
try {
  await app.register(simulatorApp, { config, workerId });
} catch (err) {
  app.log.fatal({ err }, 'simulator could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
await runServer(app, config.HOST, config.PORT);
