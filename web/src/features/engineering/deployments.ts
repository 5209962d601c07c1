import { type Deployment, deploymentSocketUrl } from '@console/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

/** The deployments this console knows, from its configuration (hub-control's DEPLOYMENT_* settings). */
export const useDeployments = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['engineering', 'deployments'],
    queryFn: ({ signal }) => call('hub-control.deployments', { signal }),
    staleTime: 10 * 60_000,
  });

/** A deployment as a list shows it. */
export const deploymentName = (d: Pick<Deployment, 'label' | 'webSocketHost'>) =>
  `${d.label} (${d.webSocketHost})`;

/**
 * The deployment a page's `hostName` and `authHost` name (analytics spec §2
 * `/socket-users?clientDeviceId&hostName&authHost`): only one of the configured list; neither
 * given, this console. A host no deployment has is refused with a message, never connected to.
 */
export function namedDeployment(
  list: readonly Deployment[],
  hostName?: string,
  authHost?: string,
): { deployment: Deployment | null; problem: string | null } {
  const own = list.find((d) => d.current) ?? null;
  if (!hostName && !authHost) return { deployment: own, problem: null };
  const found = list.find(
    (d) =>
      (hostName === undefined || d.webSocketHost === hostName) &&
      (authHost === undefined || d.authHost === authHost),
  );
  if (found) return { deployment: found, problem: null };
  const named = [hostName && `host ${hostName}`, authHost && `auth host ${authHost}`]
    .filter(Boolean)
    .join(' and ');
  return {
    deployment: own,
    problem: `No deployment this console knows has ${named}: connected to ${own ? own.label : 'this console'} instead. Choose a server from the list.`,
  };
}

/** Where the page's channel connects for a deployment: this console's own `/ws`, or the other's. */
export const channelUrl = (d: Deployment | null) => (d && !d.current ? deploymentSocketUrl(d) : undefined);
