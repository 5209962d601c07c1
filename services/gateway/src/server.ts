import { exitIfWarmingCompileCache, startService } from '@console/kit';
import { buildGateway } from './app.ts';
import { gatewayConfig } from './config.ts';

// Loaded every module: with WARM_COMPILE_CACHE=1 this writes Node's compile cache and exits.
exitIfWarmingCompileCache();

const config = gatewayConfig();
await startService(buildGateway, {
  service: 'gateway',
  config,
  options: { config },
  bodyLimit: config.BODY_LIMIT_BYTES,
  trustProxy: config.TRUST_PROXY,
});
