import { exitIfWarmingCompileCache, startService } from '@console/kit';
import { buildFanout } from './app.ts';
import { fanoutConfig } from './config.ts';

// Loaded every module: with WARM_COMPILE_CACHE=1 this writes Node's compile cache and exits.
exitIfWarmingCompileCache();

const config = fanoutConfig();
await startService(buildFanout, {
  service: 'fanout',
  config,
  options: { config },
  trustProxy: config.TRUST_PROXY,
});
