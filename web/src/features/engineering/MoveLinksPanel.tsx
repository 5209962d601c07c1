import { Alert, Autocomplete, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bound } from '../ui/bound.ts';
import { request } from './templates.ts';
import type { RawChannel } from './use-raw-channel.ts';

/** Destination servers offered (spec §3 server presets: production, stage, dev and local). */
export const MOVE_SERVERS = ['production:4181', 'stage:4181', 'dev:4181', 'localhost:4181'];

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

const SERVER = /^[A-Za-z0-9.-]{1,200}(:[0-9]{1,5})?$/;

/**
 * Move Links (spec §2): tells each link to switch to another server (a `system.move` request to the
 * hub); Send is disabled unless the channel is authenticated. The hub reconnects through that
 * worker, which its presence (and the live channel list) then shows.
 */
export function MoveLinksPanel({ channel, senderId }: { channel: RawChannel; senderId: string }) {
  const [ids, setIds] = useState('');
  const [server, setServer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    const links = linkIds(ids);
    if (links.length === 0 || links.some((l) => !/^[0-9]{1,16}$/.test(l)))
      return setError('Enter link ids (numbers), comma separated.');
    if (!SERVER.test(server.trim())) return setError('Choose a destination server or type one as host:port.');
    setError(null);
    for (const l of links) channel.send(l, request(senderId, 'system', 'move', { server: server.trim() }));
  };
  return (
    <Stack gap="xs" role="group" aria-label="Move Links">
      <Group align="end" gap="xs">
        <TextInput label="Link ids" description="comma separated" {...bound(ids, setIds)} w={320} />
        <Autocomplete
          label="Destination server"
          description="from the list, or host:port"
          data={MOVE_SERVERS}
          value={server}
          onChange={setServer}
          w={220}
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
