import { flushCompileCache } from 'node:module';
import { startService } from '@console/kit';
import { buildGateway } from './app.ts';
import { gatewayConfig } from './config.ts';

// WARM_COMPILE_CACHE=1 (with NODE_COMPILE_CACHE set): every module above is loaded by now, so
// Node's compile cache is written and the process exits. A gateway started later with the same
// cache never loads Node's TypeScript stripper (about 20 MB of memory): infra/Dockerfile does this
// at build time, the fan-out bench before it starts the gateway.
if (process.env.WARM_COMPILE_CACHE === '1') {
  flushCompileCache();
  process.exit(0);
}

const config = gatewayConfig();
await startService(buildGateway, {
  service: 'gateway',
  config,
  options: { config },
  bodyLimit: config.BODY_LIMIT_BYTES,
  trustProxy: config.TRUST_PROXY,
});
