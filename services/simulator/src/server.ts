import { startService } from '@console/kit';
import { simulatorApp } from './app.ts';
import { simulatorConfig } from './config.ts';

const config = simulatorConfig();
await startService(simulatorApp, {
  service: 'simulator',
  config,
  options: (workerId) => ({ config, workerId }),
});
