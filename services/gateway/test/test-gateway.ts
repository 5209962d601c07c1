import { startApp, testConfig } from '@console/kit/testing';
import { buildGateway } from '../src/app.ts';
import { GatewayConfigSchema } from '../src/config.ts';

/** The real gateway from app.ts on the test's prefixes and secret, ready and not listening. */
export function startTestGateway(prefix: string, secret: string, env: Record<string, string> = {}) {
  const config = testConfig(GatewayConfigSchema, prefix, { JWT_SECRET: secret, ...env });
  return startApp(buildGateway, { service: 'gateway', instance: 'test', options: { config } });
}
