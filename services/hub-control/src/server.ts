import { startService } from '@console/kit';
import { hubControlApp } from './app.ts';
import { hubControlConfig } from './config.ts';

const config = hubControlConfig();
await startService(hubControlApp, {
  service: 'hub-control',
  config,
  options: (instance) => ({ config, instance }),
});
