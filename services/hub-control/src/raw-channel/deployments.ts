import { type Deployment, otherDeployments } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HubControlConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deployments: Deployment[];
  }
}

/**
 * The deployments this console knows (analytics spec §3 server config: label, webSocketHost,
 * authHost, protocol): this one, then the others an operator lists in OTHER_DEPLOYMENTS. The
 * engineering consoles offer only these, and a Move Links destination must be one of their
 * `webSocketHost`s: no host typed on a page reaches a hub.
 */
export function deploymentsOf(
  config: Pick<
    HubControlConfig,
    | 'DEPLOYMENT_LABEL'
    | 'DEPLOYMENT_HUB_HOST'
    | 'DEPLOYMENT_AUTH_HOST'
    | 'DEPLOYMENT_PROTOCOL'
    | 'OTHER_DEPLOYMENTS'
  >,
): Deployment[] {
  const own: Deployment = {
    label: config.DEPLOYMENT_LABEL,
    webSocketHost: config.DEPLOYMENT_HUB_HOST,
    authHost: config.DEPLOYMENT_AUTH_HOST,
    protocol: config.DEPLOYMENT_PROTOCOL,
    current: true,
  };
  return [own, ...otherDeployments(config.OTHER_DEPLOYMENTS).map((d) => ({ ...d, current: false }))];
}

export const deploymentsPlugin = fp(
  async (app: FastifyInstance, opts: { config: HubControlConfig }) => {
    app.decorate('deployments', deploymentsOf(opts.config));
  },
  { name: 'deployments' },
);
