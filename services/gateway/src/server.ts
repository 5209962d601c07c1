import { startService } from '@console/kit';
import { buildGateway } from './app.ts';
import { gatewayConfig } from './config.ts';

const config = gatewayConfig();
await startService(buildGateway, {
  service: 'gateway',
  config,
  options: { config },
  bodyLimit: config.BODY_LIMIT_BYTES,
  trustProxy: config.TRUST_PROXY,
});
