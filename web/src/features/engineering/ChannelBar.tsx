import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { AdminLogin } from './AdminLogin.tsx';
import { ClientPicker } from './ClientPicker.tsx';
import type { RawChannel } from './use-raw-channel.ts';

export interface ChannelRow {
  handlerId: string;
  hubId: number;
  workerId: string;
}

const PREFS = 'engineering.adminChannel';
interface Prefs {
  loadOnStart: boolean;
  defaultOn: boolean;
}

function readPrefs(): Prefs {
  try {
    const v = JSON.parse(window.localStorage.getItem(PREFS) ?? '{}') as Partial<Prefs>;
    return { loadOnStart: v.loadOnStart === true, defaultOn: v.defaultOn === true };
  } catch {
    return { loadOnStart: false, defaultOn: false };
  }
}

/**
 * The channel's bar (spec §2 admin page): client autocomplete from the live channel list (`##`
 * lists the channels this socket subscribed to), Load On Start, Subscribe / Un-Subscribe to All,
 * Default On, Logout, Open Another channel, and who the channel is authenticated as.
 */
export function ChannelBar({
  channel,
  channels,
  onLoad,
  onPick,
  onAll,
  onAuthenticate,
}: {
  channel: RawChannel;
  channels: ChannelRow[];
  onLoad: () => void;
  onPick: (hubId: string) => void;
  onAll: (on: boolean) => void;
  onAuthenticate: () => void;
}) {
  const [prefs, setPrefs] = useState<Prefs>(readPrefs);
  const [client, setClient] = useState('');
  const [subscribed, setSubscribed] = useState<string[]>([]);
  const save = (p: Prefs) => {
    setPrefs(p);
    try {
      window.localStorage.setItem(PREFS, JSON.stringify(p));
    } catch {
      // storage disabled: the choice lasts for this page
    }
  };
  const authed = channel.authed !== null;
  useEffect(() => {
    if (!authed) return;
    if (prefs.loadOnStart) onLoad();
    if (prefs.defaultOn) onAll(true);
  }, [authed]);

  const data = client.startsWith('##')
    ? subscribed.map((id) => `## ${id}`)
    : channels.map((c) => `${c.handlerId} (${c.workerId})`);
  const pick = (value: string) => {
    setClient(value);
    const id = value.replace(/^##\s*/, '').match(/^(?:link2\.)?([0-9]+)/)?.[1];
    if (!id) return;
    setSubscribed((s) => (s.includes(id) ? s : [...s, id]));
    onPick(id);
  };
  const prefToggle = (key: 'loadOnStart' | 'defaultOn', label: string) => (
    <Toggle label={label} checked={prefs[key]} onChange={(on) => save({ ...prefs, [key]: on })} mb={8} />
  );
  return (
    <Stack gap={6}>
      <Group gap="xs" align="end">
        <ClientPicker
          description="## for subscribed sockets"
          data={data}
          client={[client, setClient]}
          onPick={pick}
        />
        <Button variant="default" onClick={onLoad}>
          Load
        </Button>
        {prefToggle('loadOnStart', 'Load On Start')}
        <Button variant="default" onClick={() => onAll(true)}>
          Subscribe to All
        </Button>
        <Button variant="default" onClick={() => onAll(false)}>
          Un-Subscribe to All
        </Button>
        {prefToggle('defaultOn', 'Default On')}
      </Group>
      <Group gap="xs">
        <Badge color={channel.state === 'open' ? (authed ? 'green' : 'yellow') : 'gray'}>
          {channel.state === 'open' ? (authed ? 'authed' : 'open') : channel.state}
        </Badge>
        <Text size="sm">{authed ? `Authed as ${channel.authed}` : 'Not authenticated'}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={channel.state === 'open' ? onAuthenticate : channel.open}
        >
          Authenticate
        </Button>
        {channel.account?.admin && <Badge color="violet">Admin token: {channel.account.email}</Badge>}
        <Button size="compact-sm" variant="light" color="gray" onClick={channel.close}>
          Logout
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => window.open(window.location.pathname, '_blank')}
        >
          Open Another channel
        </Button>
        <Text size="sm" c="dimmed">
          {channels.length > 0 ? `${channels.length} live channels` : ''}
        </Text>
      </Group>
      <AdminLogin channel={channel} />
    </Stack>
  );
}
