import { createServer, runServer } from '@console/kit';
import { buildGateway } from './app.ts';
import { gatewayConfig } from './config.ts';

const config = gatewayConfig();
const app = await createServer({
  service: 'gateway',
  logLevel: config.LOG_LEVEL,
  instance: config.INSTANCE_ID,
  bodyLimit: config.BODY_LIMIT_BYTES,
  trustProxy: config.TRUST_PROXY,
});
await app.register(buildGateway, { config });
await runServer(app, config.HOST, config.PORT);
