import { startService } from '@console/kit';
import { searchApp } from './app.ts';
import { searchConfig } from './config.ts';

const config = searchConfig();
await startService(searchApp, { service: 'search', config, options: { config } });
