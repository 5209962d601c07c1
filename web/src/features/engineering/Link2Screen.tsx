import { ENGINEERING, type HubMessage, hubIdHex } from '@console/contracts';
import {
  Badge,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { bound, boundNumber } from '../../shared/ui/bound.ts';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { LINK2_START, type Link2Settings, link2Reply } from './link2.ts';
import { MessageComposer, useComposer } from './MessageComposer.tsx';
import { RawLog } from './RawLog.tsx';

import { useRawChannel } from './use-raw-channel.ts';

/**
 * The Link2 simulator (analytics spec §2 /link2): the browser becomes a hub. The gateway holds it
 * as a live hub on the broker; commands sent to its id from any console arrive here and the
 * answers go back through the broker, paired by transactionId.
 */
export function Link2Screen() {
  const [settings, setSettings] = useState<Link2Settings>(LINK2_START);
  const [hub, setHub] = useState<{ hubId: number; handlerId: string } | null>(null);
  const [autoReply, setAutoReply] = useState(false);
  const [replySuccess, setReplySuccess] = useState(true);
  const [logIncoming, setLogIncoming] = useState(true);
  const [showRaw, setShowRaw] = useState(true);
  const composer = useComposer('link2');
  const { setText, setError } = composer;
  const channel = useRawChannel({
    trim: ENGINEERING.logTrim,
    logIncoming,
    onFrame: (f) => {
      if (f.type === 'link2-opened') setHub({ hubId: f.hubId, handlerId: f.handlerId });
      if (f.type === 'link2-closed') setHub(null);
      if (f.type === 'raw-reply' && f.outcome === 'refused') setError(f.error ?? 'Refused.');
      if (f.type !== 'link2-request') return;
      if (logIncoming) channel.record({ source: 'in', handlerId: f.from, msg: f.message });
      if (autoReply && hub) say(link2Reply(f.message, hub.hubId, settings, replySuccess));
    },
  });
  const say = (message: HubMessage) => {
    channel.frame({ type: 'link2-send', message });
    channel.record({ source: 'out', handlerId: hub ? String(hub.hubId) : '', msg: message });
  };
  const send = () => composer.submit(say);
  const numberSetting = (k: 'configNumber' | 'factoryConfig') => ({
    disabled: hub !== null,
    ...boundNumber(settings[k], (v) => setSettings((s) => ({ ...s, [k]: v })), 0),
  });

  return (
    <Stack gap="md">
      <Title order={1}>Link2 Simulator</Title>
      <Paper withBorder p="sm">
        <Group align="end" gap="xs">
          <TextInput
            label="Firmware version"
            w={140}
            disabled={hub !== null}
            {...bound(settings.firmwareVersion, (v) => setSettings((s) => ({ ...s, firmwareVersion: v })))}
          />
          <NumberInput label="Config number" w={130} {...numberSetting('configNumber')} />
          <NumberInput label="Factory config" w={130} {...numberSetting('factoryConfig')} />
          {hub ? (
            <Button color="gray" onClick={() => channel.frame({ type: 'link2-close' })}>
              Disconnect
            </Button>
          ) : (
            <Button onClick={() => channel.frame({ type: 'link2-open', ...settings })}>
              Connect as Link2
            </Button>
          )}
        </Group>
        <Group gap="xs" mt="xs">
          <Badge color={hub ? 'green' : 'gray'}>{hub ? 'live hub' : 'not connected'}</Badge>
          {hub && (
            <Text size="sm" aria-label="Link2 hub">
              Hub {hub.hubId} ({hubIdHex(hub.hubId)}) · {hub.handlerId}
            </Text>
          )}
        </Group>
      </Paper>
      <Paper withBorder p="sm">
        <Group gap="md" mb="xs">
          <Text fw={600}>Reply options</Text>
          <Toggle label="Auto reply" checked={autoReply} onChange={setAutoReply} />
          <Toggle label="Reply success" checked={replySuccess} onChange={setReplySuccess} />
        </Group>
        <MessageComposer
          composer={composer}
          actions={
            <Button onClick={send} disabled={!hub}>
              Send
            </Button>
          }
        />
      </Paper>
      <Divider label="Socket log" />
      <RawLog
        log={channel.log}
        showRaw={showRaw}
        onUse={{
          label: 'Reply',
          when: (r) => r.source === 'in' && r.msg?.direction === 'request',
          run: (r) =>
            hub &&
            setText(
              JSON.stringify(link2Reply(r.msg as HubMessage, hub.hubId, settings, replySuccess), null, 2),
            ),
        }}
        extra={
          <Group gap="xs" mb={4}>
            <Text size="sm" aria-label="Received">
              Received: {channel.received}
            </Text>
            <Button size="compact-sm" variant="default" onClick={channel.clear}>
              Clear list
            </Button>
            <Toggle label="Logging Incoming" checked={logIncoming} onChange={setLogIncoming} />
            <Button size="compact-sm" variant="subtle" onClick={() => setShowRaw((v) => !v)}>
              {showRaw ? 'Hide raw' : 'Show raw'}
            </Button>
          </Group>
        }
      />
    </Stack>
  );
}
