import { type Deployment, DeploymentListSchema } from '@console/contracts';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HubControlConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deployments: Deployment[];
  }
}

const check = TypeCompiler.Compile(DeploymentListSchema);

/**
 * The deployments this console knows (analytics spec §3 server config: label, webSocketHost,
 * authHost, protocol): this one, then the others an operator lists in OTHER_DEPLOYMENTS. The
 * engineering consoles offer only these, and a Move Links destination must be one of their
 * `webSocketHost`s: no host typed on a page reaches a hub.
 */
export function deploymentsOf(
  config: Pick<HubControlConfig, 'DEPLOYMENT_LABEL' | 'DEPLOYMENT_HUB_HOST' | 'OTHER_DEPLOYMENTS'>,
): Deployment[] {
  let others: unknown;
  try {
    others = JSON.parse(config.OTHER_DEPLOYMENTS);
  } catch {
    throw new Error('OTHER_DEPLOYMENTS is not JSON');
  }
  if (!check.Check(others)) {
    const first = check.Errors(others).First();
    throw new Error(`OTHER_DEPLOYMENTS: ${first ? `${first.path || '/'} ${first.message}` : 'not a list'}`);
  }
  const own: Deployment = {
    label: config.DEPLOYMENT_LABEL,
    webSocketHost: config.DEPLOYMENT_HUB_HOST,
    authHost: '',
    protocol: 'wss',
    current: true,
  };
  return [own, ...others.map((d) => ({ ...d, current: false }))];
}

export const deploymentsPlugin = fp(
  async (app: FastifyInstance, opts: { config: HubControlConfig }) => {
    app.decorate('deployments', deploymentsOf(opts.config));
  },
  { name: 'deployments' },
);
