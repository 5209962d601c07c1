import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bound } from '../../shared/ui/bound.ts';
import { deploymentName, useDeployments } from './deployments.ts';
import { request } from './templates.ts';
import type { RawChannel } from './use-raw-channel.ts';

/** Link ids typed comma separated: trimmed, empty ones dropped, repeats once. */
export function linkIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Move Links (spec §2): tells each link to switch to another server (a `system.move` request to the
 * hub); Send is disabled unless the channel is authenticated. The destinations are the deployments
 * this console knows (its configuration), never a typed host: hub-control refuses any other. The
 * hub reconnects through that worker, which its presence (and the live channel list) then shows.
 */
export function MoveLinksPanel({ channel, senderId }: { channel: RawChannel; senderId: string }) {
  const [ids, setIds] = useState('');
  const [server, setServer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deployments = useDeployments();
  const send = () => {
    const links = linkIds(ids);
    if (links.length === 0 || links.some((l) => !/^[0-9]{1,16}$/.test(l)))
      return setError('Enter link ids (numbers), comma separated.');
    if (!server) return setError('Choose a destination server.');
    setError(null);
    for (const l of links) channel.send(l, request(senderId, 'system', 'move', { server }));
  };
  return (
    <Stack gap="xs" role="group" aria-label="Move Links">
      <Group align="end" gap="xs">
        <TextInput label="Link ids" description="comma separated" {...bound(ids, setIds)} w={320} />
        <Select
          label="Destination server"
          description="a deployment this console knows"
          data={(deployments.data?.deployments ?? []).map((d) => ({
            value: d.webSocketHost,
            label: deploymentName(d),
          }))}
          value={server || null}
          onChange={(v) => setServer(v ?? '')}
          allowDeselect={false}
          w={280}
        />
        <Button onClick={send} disabled={!channel.authed}>
          Send
        </Button>
      </Group>
      {!channel.authed && (
        <Text size="sm" c="dimmed">
          Send is disabled until the channel is authenticated.
        </Text>
      )}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
