import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bound } from '../../shared/ui/bound.ts';
import { TextBox } from '../../shared/ui/TextBox.tsx';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { ADMIN_TEMPLATES, incremented, parseSendBox, templateText } from './templates.ts';
import type { RawChannel } from './use-raw-channel.ts';

/** The send box: To (a link id or 'server'), the envelope as JSON, Inc. itemId, the templates. */
export function SendPanel({
  channel,
  senderId,
  to,
  onTo,
}: {
  channel: RawChannel;
  senderId: string;
  to: string;
  onTo: (to: string) => void;
}) {
  const [text, setText] = useState('');
  const [inc, setInc] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    const parsed = parseSendBox(text);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    channel.send(to.trim() || 'server', parsed.message);
    if (inc) setText(JSON.stringify(incremented(parsed.message), null, 2));
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {ADMIN_TEMPLATES.map((t) => (
          <Button
            key={t.label}
            size="compact-sm"
            variant="default"
            onClick={() => {
              const filled = templateText(t, senderId, /^[0-9]+$/.test(to) ? to : '');
              onTo(filled.to);
              setText(filled.text);
            }}
          >
            {t.label}
          </Button>
        ))}
      </Group>
      <Group align="end" gap="xs">
        <TextInput label="To" description="a link id, or server" {...bound(to, onTo)} w={200} />
        <Toggle label="Inc. itemId" checked={inc} onChange={setInc} mb={8} />
        <Button onClick={send}>Send</Button>
      </Group>
      <TextBox label="Message" grow={[6, 16]} ff="monospace" state={[text, setText]} />
      {error && (
        <Alert color="red" title="Not sent">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
