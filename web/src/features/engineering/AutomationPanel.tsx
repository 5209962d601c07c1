import { ENGINEERING, type RawServerFrame } from '@console/contracts';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { bound } from '../../shared/ui/bound.ts';
import { JsonViewer } from '../../shared/ui/JsonViewer.tsx';
import { request } from './templates.ts';
import type { RawChannel } from './use-raw-channel.ts';

type Reply = Extract<RawServerFrame, { type: 'raw-reply' }>;

export const AUTOMATION_TEXT = {
  linkId: 'LinkId is required and must be 10 chars',
  notArray: 'text is not an array',
  sendFailed: 'Send - response success false',
  payloadFailed: 'Payload send - response success false',
} as const;

/**
 * Automation Check (spec §2, §4, §5): Read lists a link's automations; Check reads each one, 200 ms
 * apart, until done or Stop; Show Read shows what was read; Format pretty-prints it.
 */
export function AutomationPanel({
  channel,
  senderId,
  replies,
}: {
  channel: RawChannel;
  senderId: string;
  /** Replies of this channel, newest last (the screen feeds them in). */
  replies: Reply[];
}) {
  const [linkId, setLinkId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [read, setRead] = useState<unknown[] | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listTx = useRef<number | null>(null);
  const readTxs = useRef(new Set<number>());
  const [details, setDetails] = useState<unknown[]>([]);
  useEffect(() => () => stop(), []);

  const list = read ?? [];
  useEffect(() => {
    for (const f of replies) {
      if (f.transactionId === null || !readTxs.current.delete(f.transactionId)) continue;
      const item = f.message?.items[0];
      if (f.outcome !== 'reply' || !item || item.success === false) setError(AUTOMATION_TEXT.payloadFailed);
      else setDetails((d) => [...d, item.payload]);
    }
    const r = replies.find((f) => f.transactionId === listTx.current);
    if (!r) return;
    listTx.current = null;
    const item = r.message?.items[0];
    if (r.outcome !== 'reply' || !item || item.success === false) return setError(AUTOMATION_TEXT.sendFailed);
    const found = (item.payload as { automations?: unknown[] }).automations;
    setRead(Array.isArray(found) ? found : []);
  }, [replies]);

  const valid = () => {
    if (linkId.trim().length !== 10) {
      setError(AUTOMATION_TEXT.linkId);
      return false;
    }
    setError(null);
    return true;
  };
  const readList = () => {
    if (!valid()) return;
    const m = request(senderId, 'automation', 'list');
    listTx.current = m.transactionId;
    channel.send(linkId.trim(), m);
  };
  const check = () => {
    if (!valid()) return;
    stop();
    setDetails([]);
    let i = 0;
    const step = () => {
      const a = list[i] as { automationId?: string } | undefined;
      if (!a) return;
      const m = request(senderId, 'automation', 'read', { automationId: a.automationId });
      readTxs.current.add(m.transactionId);
      channel.send(linkId.trim(), m);
      i += 1;
      timer.current = setTimeout(step, ENGINEERING.automationReadDelayMs);
    };
    step();
  };
  function stop() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }
  /** Format: the shown text must be a JSON array (spec §5 'text is not an array'). */
  const format = () => {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(shown ?? '');
    } catch {
      parsed = null;
    }
    if (!Array.isArray(parsed)) return setError(AUTOMATION_TEXT.notArray);
    setError(null);
    setShown(JSON.stringify(parsed, null, 2));
  };
  return (
    <Stack gap="xs" role="group" aria-label="Automation Check">
      <Group align="end" gap="xs">
        <TextInput label="Link id" {...bound(linkId, setLinkId)} w={160} />
        <Button variant="default" onClick={readList}>
          Read
        </Button>
        <Button
          variant="default"
          onClick={() => setShown(JSON.stringify(details.length > 0 ? details : read))}
        >
          Show Read
        </Button>
        <Button variant="default" onClick={check} disabled={list.length === 0}>
          Check
        </Button>
        <Button variant="default" onClick={format}>
          Format
        </Button>
        <Button variant="default" color="red" onClick={stop}>
          Stop
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {shown !== null && <JsonViewer value={shown} maxHeight={240} wrap />}
    </Stack>
  );
}
