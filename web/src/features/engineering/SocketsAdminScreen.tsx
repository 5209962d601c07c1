import { RAW_SERVER_TARGET, type RawServerFrame } from '@console/contracts';
import { Box, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { AutomationPanel } from './AutomationPanel.tsx';
import { ChannelBar, type ChannelRow } from './ChannelBar.tsx';
import { FirmwarePanel } from './FirmwarePanel.tsx';
import { adminTrim } from './log.ts';
import { MoveLinksPanel } from './MoveLinksPanel.tsx';
import { RawLog } from './RawLog.tsx';
import { SendPanel } from './SendPanel.tsx';
import { ServerSelect, useServerChoice } from './ServerSelect.tsx';
import { request } from './templates.ts';
import { useRawChannel } from './use-raw-channel.ts';

type Reply = Extract<RawServerFrame, { type: 'raw-reply' }>;
const ADMIN_MAX_ROWS = 20;

/**
 * The admin channel console (analytics spec §2 /sockets-admin), and Move Links, which shares it
 * (`moveLinks`): one raw channel on /ws, authenticated by the console session. Move Links' optional
 * host change (`/moveLinks?hostName`): the channel may go to another deployment this console knows,
 * opened by the browser, so the moves are sent (and checked) by that deployment's server.
 */
export function SocketsAdminScreen({
  moveLinks = false,
  hostName,
}: {
  moveLinks?: boolean;
  hostName?: string | undefined;
}) {
  const me = useCurrentUser();
  const senderId = `admin.${me.id}`;
  const [maxRows, setMaxRows] = useState(ADMIN_MAX_ROWS);
  const [to, setTo] = useState<string>(RAW_SERVER_TARGET);
  const [channels, setChannels] = useState<ChannelRow[]>([]);
  const [replies, setReplies] = useState<Reply[]>([]);
  const host = useServerChoice(hostName ? { hostName } : {}, moveLinks);
  const channel = useRawChannel({
    url: host.url,
    trim: adminTrim(maxRows),
    onFrame: (f) => {
      if (f.type !== 'raw-reply') return;
      setReplies((r) => [...r.slice(-50), f]);
      const m = f.message;
      if (m?.class === 'channels' && m.operation === 'list') {
        const payload = m.items[0]?.payload as { channels?: ChannelRow[] } | undefined;
        setChannels(payload?.channels ?? []);
      }
    },
  });
  const server = (cls: string, op: string, payload: Record<string, unknown> = {}) =>
    channel.send(RAW_SERVER_TARGET, request(senderId, cls, op, payload));

  // Authenticated by the session as soon as the channel opens (and again after a re-open).
  useEffect(() => {
    if (channel.state === 'open') server('server', 'authenticate');
  }, [channel.state]);

  const log = (
    <RawLog
      log={channel.log}
      maxRows={maxRows}
      onMaxRows={setMaxRows}
      onUnsubscribe={(hubId) => server('channels', 'unsubscribe', { linkId: Number(hubId) })}
    />
  );

  return (
    <Stack gap="md">
      <Title order={1}>{moveLinks ? 'Move Links' : 'Admin Sockets'}</Title>
      <ChannelBar
        channel={channel}
        channels={channels}
        onLoad={() => server('channels', 'list')}
        onPick={(hubId) => {
          setTo(hubId);
          server('channels', 'subscribe', { linkId: Number(hubId) });
        }}
        onAll={(on) => server('channels', on ? 'subscribe-all' : 'unsubscribe-all')}
        onAuthenticate={() => server('server', 'authenticate')}
      />
      {moveLinks && (
        <Paper withBorder p="sm">
          <Group gap="xs" align="end" mb="xs">
            <ServerSelect
              choice={host}
              label="Channel host"
              onPick={() => {
                setChannels([]);
                setReplies([]);
              }}
            />
          </Group>
          <MoveLinksPanel channel={channel} senderId={senderId} />
        </Paper>
      )}
      {moveLinks ? (
        <Paper withBorder p="sm">
          <SendPanel channel={channel} senderId={senderId} to={to} onTo={setTo} />
        </Paper>
      ) : (
        // The log (newest first) beside the send box (issue 30): a reply shows where the person
        // is looking, not below the fold; on a narrow window it follows the send box directly.
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Paper withBorder p="sm">
            <SendPanel channel={channel} senderId={senderId} to={to} onTo={setTo} />
          </Paper>
          <Paper withBorder p="sm" component="section" aria-label="Log">
            <Title order={2} size="h4" mb={4}>
              Log
            </Title>
            {/* Scrolls on its own (reachable by keyboard: axe's scrollable-region-focusable), so the send box stays beside it. */}
            <Box tabIndex={0} mah="70vh" style={{ overflowY: 'auto' }}>
              {log}
            </Box>
          </Paper>
        </SimpleGrid>
      )}
      {!moveLinks && (
        <Group align="start" grow>
          <Paper withBorder p="sm">
            <Text fw={600} mb={4}>
              Firmware
            </Text>
            <FirmwarePanel channel={channel} senderId={senderId} linkId={/^[0-9]+$/.test(to) ? to : ''} />
          </Paper>
          <Paper withBorder p="sm">
            <Text fw={600} mb={4}>
              Automation Check
            </Text>
            <AutomationPanel channel={channel} senderId={senderId} replies={replies} />
          </Paper>
        </Group>
      )}
      {moveLinks && (
        <>
          <Divider label="Log" />
          {log}
        </>
      )}
    </Stack>
  );
}
