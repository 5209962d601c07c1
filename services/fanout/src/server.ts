import { setFlagsFromString } from 'node:v8';
import { exitIfWarmingCompileCache, startService } from '@console/kit';
import { buildFanout } from './app.ts';
import { fanoutConfig } from './config.ts';

// Loaded every module: with WARM_COMPILE_CACHE=1 this writes Node's compile cache and exits.
exitIfWarmingCompileCache();

const config = fanoutConfig();
// Under the fan-out's rate V8 let the old space reach 232 MB over 28 MB that survived (ring entries
// and frames live long enough to be promoted, then die), and the process kept the RSS after the
// collection. V8 reads this bound at every collection, so set here it holds from the next one.
// Off by default until a quiet bench shows its CPU cost (docs/benchmarks.md, issue 31).
if (config.HEAP_GROWING_PERCENT > 0)
  setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWING_PERCENT}`);
await startService(buildFanout, {
  service: 'fanout',
  config,
  options: { config },
  trustProxy: config.TRUST_PROXY,
});
