import { startService } from '@console/kit';
import { supervisorApp } from './app.ts';
import { supervisorConfig } from './config.ts';

const config = supervisorConfig();
await startService(supervisorApp, { service: 'supervisor', config, options: { config } });
