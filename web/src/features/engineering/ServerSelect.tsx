import type { Deployment } from '@console/contracts';
import { Alert, Select } from '@mantine/core';
import { useState } from 'react';
import { channelUrl, deploymentName, namedDeployment, useDeployments } from './deployments.ts';

export interface ServerChoice {
  list: Deployment[];
  deployment: Deployment | null;
  /** The URL's host named no configured deployment (shown until a server is chosen). */
  problem: string | null;
  pick(webSocketHost: string): void;
  /** For `useRawChannel`: null while a URL-named host waits for the list, then the chosen one's socket. */
  url: string | null | undefined;
}

/**
 * Which deployment a console page's channel talks to (analytics spec §2 `?hostName&authHost`, §3
 * server config): the URL's choice when it names a configured one, else this console; then
 * whatever the person picks from the list. Not `enabled`: this console's own socket, nothing read.
 */
export function useServerChoice(
  search: { hostName?: string; authHost?: string },
  enabled = true,
): ServerChoice {
  const deployments = useDeployments(enabled);
  const list = deployments.data?.deployments ?? [];
  const named = namedDeployment(list, search.hostName, search.authHost);
  const [picked, setPicked] = useState<string | null>(null);
  const deployment = list.find((d) => d.webSocketHost === picked) ?? named.deployment;
  return {
    list,
    deployment,
    problem: picked === null ? named.problem : null,
    pick: setPicked,
    // A URL naming a host waits for the list (never this console's socket first); else this console's
    // socket opens at once, whether or not the list comes.
    url:
      enabled && (search.hostName || search.authHost) && deployments.isPending
        ? null
        : channelUrl(deployment),
  };
}

/** The server list, and the message for a URL host no deployment has. */
export function ServerSelect({
  choice,
  label,
  onPick,
}: {
  choice: ServerChoice;
  label: string;
  onPick?: () => void;
}) {
  return (
    <>
      <Select
        label={label}
        description="a deployment this console knows"
        w={320}
        data={choice.list.map((d) => ({ value: d.webSocketHost, label: deploymentName(d) }))}
        value={choice.deployment?.webSocketHost ?? null}
        onChange={(v) => {
          if (!v) return;
          choice.pick(v);
          onPick?.();
        }}
        allowDeselect={false}
      />
      {choice.problem && (
        <Alert color="red" aria-label={label} w="100%">
          {choice.problem}
        </Alert>
      )}
    </>
  );
}
