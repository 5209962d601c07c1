import { ENGINEERING, type HubMessage, RAW_SERVER_TARGET } from '@console/contracts';
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import type { ChannelRow } from './ChannelBar.tsx';
import { ClientPicker } from './ClientPicker.tsx';
import { FirmwarePanel, LINK_DIRECT_CHOICES } from './FirmwarePanel.tsx';
import { MessageComposer, useComposer } from './MessageComposer.tsx';
import { RawLog } from './RawLog.tsx';
import { request } from './templates.ts';
import { useRawChannel } from './use-raw-channel.ts';

export const LINK_DIRECT_TEXT = {
  noLink: 'No selected Link.',
  notConnected: 'Not connected / authed',
  failed: (message: string) => `That didn't work. Message: ${message}`,
} as const;

/** The link id in a picked client ("* link2.<id>.<id> (worker)" or a bare id), or null. */
export function pickedLinkId(client: string): string | null {
  return client.replace(/^\*\s*/, '').match(/^(?:link2\.)?([0-9]{1,16})\b/)?.[1] ?? null;
}

/**
 * Link Direct (analytics spec §2 /linkDirect, linkDirect role): pick a connected client, send it a
 * message through the server's `linkDirect.send`, upload firmware (DB or Direct), keep previously
 * sent and users lists; the log trims 40 → 20 and copies a line to the send box.
 */
export function LinkDirectScreen() {
  const me = useCurrentUser();
  const senderId = `linkDirect.${me.id}`;
  const [channels, setChannels] = useState<ChannelRow[]>([]);
  const [available, setAvailable] = useState(0);
  const [client, setClient] = useState('');
  const [subscribed, setSubscribed] = useState<string[]>([]);
  const composer = useComposer('linkDirect');
  const { setText, setError } = composer;
  const channel = useRawChannel({
    trim: ENGINEERING.linkDirectLogTrim,
    onFrame: (f) => {
      if (f.type !== 'raw-reply') return;
      const m = f.message;
      if (m?.class === 'channels' && m.operation === 'list') {
        const p = m.items[0]?.payload as { channels?: ChannelRow[]; available?: number } | undefined;
        setChannels(p?.channels ?? []);
        setAvailable(p?.available ?? 0);
      }
      if (m?.class === 'linkDirect' && m.items[0]?.success === false)
        setError(LINK_DIRECT_TEXT.failed(JSON.stringify(m.items[0]?.payload)));
      if (f.outcome !== 'reply' && f.to === RAW_SERVER_TARGET)
        setError(LINK_DIRECT_TEXT.failed(f.error ?? f.outcome));
    },
  });
  const server = (cls: string, op: string, payload: Record<string, unknown> = {}) =>
    channel.send(RAW_SERVER_TARGET, request(senderId, cls, op, payload));
  useEffect(() => {
    if (channel.state !== 'open') return;
    server('server', 'authenticate');
    server('channels', 'list');
  }, [channel.state]);

  const linkId = pickedLinkId(client);
  const online = new Set(channels.map((c) => String(c.hubId)));
  const known = [...new Set([...channels.map((c) => String(c.hubId)), ...subscribed])];
  const data = known.map((id) => (online.has(id) ? `* link2.${id}.${id}` : `link2.${id}.${id}`));
  const pick = (value: string) => {
    setClient(value);
    const id = pickedLinkId(value);
    if (!id || subscribed.includes(id)) return;
    setSubscribed((s) => [...s, id]);
    server('channels', 'subscribe', { linkId: Number(id) });
  };
  const send = () => {
    if (!linkId) return setError(LINK_DIRECT_TEXT.noLink);
    composer.submit((message) => server('linkDirect', 'send', { linkId: Number(linkId), message }));
  };
  const template = () => setText(JSON.stringify(request(senderId, 'system', 'read'), null, 2));

  return (
    <Stack gap="md">
      <Title order={1}>Link Direct</Title>
      <Paper withBorder p="sm">
        <Group gap="xs" align="end">
          <ClientPicker description="* online" data={data} client={[client, setClient]} onPick={pick} />
          <Button
            variant="default"
            onClick={() => {
              if (!channel.authed) server('server', 'authenticate');
              server('channels', 'list');
            }}
          >
            Refresh
          </Button>
          <Text size="sm" aria-label="Connected of available" mb={8}>
            {channels.length} connected of {available} available
          </Text>
        </Group>
        <Group gap="xs" mt="xs">
          <Text size="sm">This client: {senderId}</Text>
          {channel.authed ? (
            <Text size="sm">Authed: {window.location.host}</Text>
          ) : (
            <Text size="sm" c="red">
              {LINK_DIRECT_TEXT.notConnected}
            </Text>
          )}
        </Group>
      </Paper>
      <Paper withBorder p="sm">
        <MessageComposer
          composer={composer}
          actions={
            <>
              <Button variant="default" onClick={template}>
                Msg Template
              </Button>
              <Button onClick={send}>Send</Button>
            </>
          }
          aside={
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Subscribed ids
              </Text>
              <Stack gap={4} role="list" aria-label="Subscribed ids">
                {subscribed.map((id) => (
                  <Group key={id} gap={4} role="listitem">
                    <Text size="xs" ff="monospace">
                      {id}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => {
                        setSubscribed((s) => s.filter((x) => x !== id));
                        server('channels', 'unsubscribe', { linkId: Number(id) });
                      }}
                    >
                      Unsubscribe
                    </Button>
                  </Group>
                ))}
              </Stack>
            </Stack>
          }
        />
      </Paper>
      <Paper withBorder p="sm">
        <Text fw={600} mb={4}>
          Firmware
        </Text>
        <FirmwarePanel
          channel={channel}
          senderId={senderId}
          linkId={linkId ?? ''}
          choices={LINK_DIRECT_CHOICES}
        />
      </Paper>
      <Divider label="Log" />
      <RawLog
        log={channel.log}
        onUse={{
          label: 'Copy to send box',
          run: (r) => setText(JSON.stringify(innerOf(r.msg as HubMessage), null, 2)),
        }}
      />
    </Stack>
  );
}

/** A Link Direct answer carries the link's reply inside; copy that, else the message itself. */
function innerOf(m: HubMessage): unknown {
  const p = m.items?.[0]?.payload as { reply?: unknown; message?: unknown } | undefined;
  return p?.reply ?? p?.message ?? m;
}
