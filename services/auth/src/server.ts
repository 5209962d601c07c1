import { startService } from '@console/kit';
import { authApp } from './app.ts';
import { authConfig } from './config.ts';

const config = authConfig();
await startService(authApp, { service: 'auth', config, options: { config } });
