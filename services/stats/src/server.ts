import { startService } from '@console/kit';
import { statsApp } from './app.ts';
import { statsConfig } from './config.ts';

const config = statsConfig();
await startService(statsApp, { service: 'stats', config, options: { config } });
