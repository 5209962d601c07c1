import { ENGINEERING, type HubMessage, RAW_SERVER_TARGET } from '@console/contracts';
import { Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { boundNumber } from '../../shared/ui/bound.ts';
import { TextBox } from '../../shared/ui/TextBox.tsx';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { MessageComposer, useComposer } from './MessageComposer.tsx';
import { RawLog } from './RawLog.tsx';
import { incremented, nextTx, parseSendBox } from './templates.ts';
import type { RawChannel } from './use-raw-channel.ts';
import { useSequence } from './use-sequence.ts';
import {
  featureMessage,
  featuresOfType,
  parsePayloads,
  USER_TEMPLATES,
  type UserHierarchy,
  type UserPicks,
  userMessage,
} from './user-templates.ts';

/** A searchable list of ids shown with their names. */
const named = (entries: [id: string, name: string][]) => ({
  w: 260,
  searchable: true,
  data: entries.map(([value, name]) => ({ value, label: `${name} (${value})` })),
});

/**
 * The send half of the user channel console (analytics spec §2 /socket-users): once the channel
 * speaks as a customer, the templates filled from the customer's hierarchy (link, device, feature,
 * a feature type and value), Send and Send Multiple (1 s apart), Inc. itemId, Write Loop (0/1,
 * every 1.5 s), Read All / Write All (250 ms apart), the Payloads panel (one payload a line, 1 s
 * apart) with Stop, and the log with incoming and outgoing logging toggles.
 */
export function UserChannelPanel({
  channel,
  senderId,
  hierarchy,
  logging,
}: {
  channel: RawChannel;
  senderId: string;
  hierarchy: UserHierarchy | null;
  logging: { incoming: [boolean, (on: boolean) => void]; outgoing: [boolean, (on: boolean) => void] };
}) {
  const composer = useComposer('socketUsers', ENGINEERING.previousSentUsers);
  const sequence = useSequence();
  const [inc, setInc] = useState(true);
  const [count, setCount] = useState(2);
  const [payloads, setPayloads] = useState('');
  const [picks, setPicks] = useState<UserPicks>({
    linkId: null,
    deviceId: '',
    productCode: '',
    featureId: '',
    value: 1,
  });
  const [type, setType] = useState<string | null>(null);
  const structures = hierarchy?.structures ?? [];
  const devices = structures.flatMap((s) => s.devices);
  const features = structures.flatMap((s) => s.features);
  const types = [...new Set(features.map((f) => f.type).filter((t): t is string => Boolean(t)))];

  const say = (m: HubMessage) => channel.send(RAW_SERVER_TARGET, m);
  const send = () =>
    composer.submit((m) => {
      say(m);
      if (inc) composer.setText(JSON.stringify(incremented(m), null, 2));
    });
  /** `n` sends `delayMs` apart of what `make` gives for each step. */
  const paced = (name: string, delayMs: number, n: number, make: (i: number) => HubMessage) =>
    sequence.start(name, delayMs, (i) => {
      if (i >= n) return false;
      say(make(i));
      return true;
    });
  const sendMultiple = () => {
    const parsed = parseSendBox(composer.text);
    if ('error' in parsed) return composer.setError(parsed.error);
    composer.setError(null);
    let m = parsed.message;
    paced('send multiple', ENGINEERING.batchSendDelayMs, count, () => {
      m = { ...(inc ? incremented(m) : m), transactionId: nextTx() };
      return m;
    });
  };
  const sendPayloads = () => {
    const base = parseSendBox(composer.text);
    const parsed = parsePayloads(payloads);
    const problem = 'error' in base ? base.error : 'error' in parsed ? parsed.error : null;
    composer.setError(problem);
    if ('error' in base || 'error' in parsed) return;
    const first = base.message.items[0] ?? { itemId: 0, payload: {} };
    paced('payloads', ENGINEERING.batchSendDelayMs, parsed.payloads.length, (i) => ({
      ...base.message,
      transactionId: nextTx(),
      items: [{ ...first, payload: parsed.payloads[i] ?? {} }],
    }));
  };
  const all = (write: boolean) => {
    const ids = featuresOfType(hierarchy, type ?? '');
    if (!ids.length) return composer.setError('Pick a feature type of this customer first.');
    composer.setError(null);
    paced(write ? 'write all' : 'read all', ENGINEERING.featureAllDelayMs, ids.length, (i) =>
      featureMessage(senderId, ids[i] ?? '', write ? picks.value : undefined),
    );
  };
  const loop = (on: boolean) => {
    if (!on) return sequence.stop();
    if (!picks.featureId) return composer.setError('Pick a feature for the write loop.');
    sequence.start('write loop', ENGINEERING.writeLoopMs, (i) => {
      say(featureMessage(senderId, picks.featureId, i % 2));
      return true;
    });
  };
  const pick = (patch: Partial<UserPicks>) => setPicks((p) => ({ ...p, ...patch }));
  const [incoming, setIncoming] = logging.incoming;
  const [outgoing, setOutgoing] = logging.outgoing;

  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Group gap="xs" align="end" mb="xs">
          <Select
            label="Link"
            w={150}
            data={structures.flatMap((s) => s.hubs.map(String))}
            value={picks.linkId === null ? null : String(picks.linkId)}
            onChange={(v) => pick({ linkId: v ? Number(v) : null })}
          />
          <Select
            label="Device"
            {...named(devices.map((d) => [d.deviceId, d.name]))}
            value={picks.deviceId || null}
            onChange={(v) => {
              const d = devices.find((x) => x.deviceId === v);
              pick({
                deviceId: v ?? '',
                productCode: d?.productCode ?? '',
                linkId: d?.linkId ?? picks.linkId,
              });
            }}
          />
          <Select
            label="Feature"
            {...named(features.map((f) => [f.featureId, f.name]))}
            value={picks.featureId || null}
            onChange={(v) => pick({ featureId: v ?? '' })}
          />
          <Select label="Feature type" w={170} data={types} value={type} onChange={setType} />
          <NumberInput label="Value" w={90} {...boundNumber(picks.value, (value) => pick({ value }), 0)} />
        </Group>
        {!hierarchy && (
          <Text size="sm" c="dimmed" mb="xs">
            Send Hierarchy to fill the link, device and feature lists.
          </Text>
        )}
        <Group gap="xs" wrap="wrap" mb="xs">
          {USER_TEMPLATES.map(([label, build]) => (
            <Button
              key={label}
              size="compact-sm"
              variant="default"
              onClick={() => composer.setText(JSON.stringify(userMessage(senderId, build, picks), null, 2))}
            >
              {label}
            </Button>
          ))}
        </Group>
        <MessageComposer
          composer={composer}
          actions={
            <>
              <Button onClick={send}>Send</Button>
              <NumberInput
                aria-label="Count"
                w={80}
                min={1}
                max={100}
                {...boundNumber(count, (n) => setCount(Math.min(100, Math.max(1, n))), 1)}
              />
              <Button variant="default" onClick={sendMultiple}>
                Send Multiple
              </Button>
              <Toggle label="Inc. itemId" checked={inc} onChange={setInc} />
            </>
          }
        />
      </Paper>
      <Paper withBorder p="sm">
        <Group gap="md" align="center">
          <Toggle label="Write Loop (0/1)" checked={sequence.running === 'write loop'} onChange={loop} />
          <Button variant="default" onClick={() => all(false)}>
            Read All
          </Button>
          <Button variant="default" onClick={() => all(true)}>
            Write All
          </Button>
          {sequence.running && (
            <>
              <Text size="sm" aria-label="Running">
                Running: {sequence.running}
              </Text>
              <Button color="red" variant="light" onClick={sequence.stop}>
                Stop
              </Button>
            </>
          )}
        </Group>
        <TextBox
          mt="xs"
          label="Payloads"
          description="One JSON payload a line; each is sent in the message of the send box, 1 s apart"
          grow={[2, 8]}
          ff="monospace"
          state={[payloads, setPayloads]}
        />
        <Group gap="xs" mt="xs">
          <Button variant="default" onClick={sendPayloads}>
            Send Payloads
          </Button>
          <Button variant="default" onClick={sequence.stop} disabled={!sequence.running}>
            Stop
          </Button>
        </Group>
      </Paper>
      <RawLog
        log={channel.log}
        extra={
          <>
            <Toggle label="Logging Incoming" checked={incoming} onChange={setIncoming} />
            <Toggle label="Logging Outgoing" checked={outgoing} onChange={setOutgoing} />
          </>
        }
      />
    </Stack>
  );
}
