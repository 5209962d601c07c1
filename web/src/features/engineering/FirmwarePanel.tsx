import { ENGINEERING } from '@console/contracts';
import {
  Alert,
  Button,
  FileInput,
  Group,
  NumberInput,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { boundNumber } from '../../shared/ui/bound.ts';
import {
  ChunkSender,
  chunkMessage,
  chunksOf,
  type FirmwareHeader,
  type FirmwareOption,
  firmwareData,
  uploadRefusal,
} from './firmware.ts';
import { nextTx } from './templates.ts';
import type { RawChannel } from './use-raw-channel.ts';

const ADMIN_CHOICES: { value: FirmwareOption; label: string }[] = [
  { value: 'db', label: 'DB' },
  { value: 'direct', label: 'Direct' },
  { value: 'link-direct', label: 'Link-Direct' },
];

/** Link Direct's options (spec §2): DB, or Direct — which for that role travels through Link Direct. */
export const LINK_DIRECT_CHOICES: { value: FirmwareOption; label: string }[] = [
  { value: 'db', label: 'DB' },
  { value: 'link-direct', label: 'Direct' },
];

/** The firmware-add header fields (spec §3) asked for when the file goes to the DB. */
const HEADER_FIELDS: [keyof FirmwareHeader, string][] = [
  ['deviceType', 'Device type'],
  ['version', 'Version'],
  ['versionControlId', 'Version control id'],
  ['manufacturerCode', 'Manufacturer code'],
  ['productCode', 'Product code'],
];

/**
 * Firmware file upload (spec §2, §4, §5, §9): .txt or .json only; DB, Direct or Link-Direct; the
 * file cut into chunks (100 characters by default) sent 200 ms apart, with progress and Cancel.
 */
export function FirmwarePanel({
  channel,
  senderId,
  linkId,
  choices = ADMIN_CHOICES,
}: {
  channel: RawChannel;
  senderId: string;
  linkId: string;
  /** The options offered: the admin page's three, or Link Direct's DB and Direct (through Link Direct). */
  choices?: { value: FirmwareOption; label: string }[];
}) {
  const [file, setFile] = useState<File | null>(null);
  const [option, setOption] = useState<FirmwareOption>(choices[1]?.value ?? 'db');
  const [chunkSize, setChunkSize] = useState<number>(ENGINEERING.firmwareChunkChars);
  const [delayMs, setDelayMs] = useState<number>(ENGINEERING.firmwareChunkDelayMs);
  const [header, setHeader] = useState<FirmwareHeader>({ deviceType: 'link2' });
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; count: number; running: boolean } | null>(null);
  const sender = useRef<ChunkSender | null>(null);
  useEffect(() => () => sender.current?.cancel(), []);

  const upload = async () => {
    setError(null);
    if (!file) return setError('Choose a firmware file first.');
    const read = firmwareData(file.name, await file.text());
    if ('error' in read) return setError(read.error);
    const head = { ...header, ...read.header };
    const refused = uploadRefusal(option, linkId, head);
    if (refused) return setError(refused);
    const chunks = chunksOf(read.data, chunkSize);
    const s = new ChunkSender(
      chunks.length,
      (index) => {
        const { to, message } = chunkMessage(option, {
          linkId: linkId.trim(),
          header: head,
          fileName: file.name,
          index,
          count: chunks.length,
          data: chunks[index] ?? '',
          transactionId: nextTx(),
          senderId,
        });
        channel.send(to, message);
      },
      delayMs,
      (sent, count, done) => setProgress({ sent, count, running: !done }),
    );
    sender.current = s;
    s.start();
  };

  const set = (k: keyof FirmwareHeader) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setHeader((h) => ({ ...h, [k]: e.currentTarget.value }));
  return (
    <Stack gap="xs" role="group" aria-label="Firmware upload">
      <Group align="end" gap="xs">
        <FileInput
          label="Firmware file"
          accept=".txt,.json"
          value={file}
          onChange={setFile}
          w={260}
          clearable
        />
        <SegmentedControl value={option} onChange={(v) => setOption(v as FirmwareOption)} data={choices} />
        <NumberInput
          label="Chunk size (characters)"
          {...boundNumber(chunkSize, setChunkSize, 1)}
          min={1}
          max={10_000}
          w={170}
        />
        <NumberInput
          label="Time between chunks (ms)"
          {...boundNumber(delayMs, setDelayMs, 0)}
          min={0}
          max={60_000}
          w={180}
        />
      </Group>
      {option === 'db' && (
        <Group gap="xs">
          {HEADER_FIELDS.map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              placeholder={key === 'version' ? 'X.Y.Z' : undefined}
              value={header[key] ?? ''}
              onChange={set(key)}
              w={150}
            />
          ))}
        </Group>
      )}
      <Group gap="xs">
        <Button onClick={() => void upload()} disabled={progress?.running}>
          Upload
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={!progress?.running}
          onClick={() => sender.current?.cancel()}
        >
          Cancel
        </Button>
        {progress && (
          <Text size="sm" aria-label="Upload progress">
            {progress.running ? 'Sending' : progress.sent >= progress.count ? 'Sent' : 'Cancelled after'}{' '}
            {progress.sent} of {progress.count} chunks
          </Text>
        )}
      </Group>
      {progress && (
        <Progress
          value={(progress.sent / Math.max(1, progress.count)) * 100}
          aria-label="Firmware progress"
        />
      )}
      {error && (
        <Alert color="red" title="Not uploaded">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
