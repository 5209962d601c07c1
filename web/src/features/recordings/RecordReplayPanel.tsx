import {
  parseRecording,
  RECORDING_LIMITS,
  type RecordingProblem,
  type ReplaySpeed,
  type ReplayStarted,
  recordingText,
  SCRUB_RULES,
} from '@console/contracts';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { downloadText } from '../../shared/ui/download.ts';
import { HubLink } from '../support-plus/hub/HubLink.tsx';
import { fetchRecording, type HubRecording, startReplay } from './queries.ts';

const MAX_MINUTES = RECORDING_LIMITS.windowMaxMs / 60_000;

function RecordSection({ hubId }: { hubId: number }) {
  const [minutes, setMinutes] = useState<number>(10);
  const record = useMutation({
    mutationFn: () => {
      const to = Date.now();
      return fetchRecording(hubId, to - minutes * 60_000, to);
    },
    onSuccess: (rec: HubRecording) => {
      const stamp = new Date(rec.to).toISOString().replace(/[:.]/g, '-');
      downloadText(`hub-${hubId}-${stamp}.jsonl`, recordingText(rec.lines), 'application/x-ndjson');
    },
  });
  const rec = record.data;
  return (
    <Stack gap="xs">
      <Title order={3}>Record</Title>
      <Group align="end">
        <NumberInput
          label="Last minutes"
          min={1}
          max={MAX_MINUTES}
          value={minutes}
          onChange={(v) => setMinutes(typeof v === 'number' ? v : Number(v) || 1)}
          w={140}
        />
        <Button
          onClick={() => record.mutate()}
          loading={record.isPending}
          disabled={minutes < 1 || minutes > MAX_MINUTES}
        >
          Record and download
        </Button>
      </Group>
      <Text size="sm" fw={500}>
        Personal data is scrubbed by these rules before anything leaves the server:
      </Text>
      <List size="sm" aria-label="Scrub rules">
        {SCRUB_RULES.map((r) => (
          <List.Item key={r.id}>
            <b>{r.what}</b>: {r.how}
          </List.Item>
        ))}
      </List>
      {record.isError && <Alert color="red">{errorMessage(record.error)}</Alert>}
      {rec && (
        <Alert color={rec.truncated ? 'yellow' : 'green'} role="status">
          Recorded {rec.messages} messages
          {rec.truncated
            ? ` (the first ${rec.messages} of the window: one recording holds at most that)`
            : ''}
          . Scrubbed: {rec.scrubbed.email} e-mails, {rec.scrubbed.name} names, {rec.scrubbed.token} tokens,{' '}
          {rec.scrubbed.coordinate} coordinates.
          {rec.skipped > 0 ? ` ${rec.skipped} unreadable messages left out.` : ''}
        </Alert>
      )}
    </Stack>
  );
}

function ReplaySection() {
  const [file, setFile] = useState<File | null>(null);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const [problems, setProblems] = useState<RecordingProblem[]>([]);
  const replay = useMutation({
    mutationFn: async (): Promise<ReplayStarted> => {
      if (!file) throw new Error('Choose a recording first.');
      if (file.size > RECORDING_LIMITS.uploadChars)
        throw new Error(`The file is larger than ${RECORDING_LIMITS.uploadChars} bytes.`);
      const text = await file.text();
      const found = parseRecording(text).problems;
      setProblems(found);
      if (found.length > 0) throw new Error('The recording has bad lines (listed below); nothing was sent.');
      return startReplay(text, speed, file.name);
    },
    onMutate: () => setProblems([]),
  });
  const started = replay.data;
  return (
    <Stack gap="xs">
      <Title order={3}>Replay</Title>
      <Text size="sm">
        Plays a recording (JSON lines, at most {Math.floor(RECORDING_LIMITS.uploadChars / 1000)} kB) into the
        simulator as a new hub, in the recorded order and spacing; the new hub answers commands from the
        recorded replies.
      </Text>
      <Group align="end">
        <FileInput
          label="Recording"
          placeholder="hub-….jsonl"
          accept=".jsonl,.ndjson,application/x-ndjson,text/plain"
          value={file}
          onChange={setFile}
          clearable
          w={280}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Speed
          </Text>
          <SegmentedControl
            aria-label="Speed"
            value={String(speed)}
            onChange={(v) => setSpeed(Number(v) as ReplaySpeed)}
            data={[
              { value: '1', label: '1×' },
              { value: '10', label: '10×' },
            ]}
          />
        </Stack>
        <Button onClick={() => replay.mutate()} loading={replay.isPending} disabled={!file}>
          Replay
        </Button>
      </Group>
      {replay.isError && <Alert color="red">{errorMessage(replay.error)}</Alert>}
      {problems.length > 0 && (
        <List size="sm" aria-label="Bad lines">
          {problems.map((p) => (
            <List.Item key={p.line}>
              line {p.line}: {p.message}
            </List.Item>
          ))}
        </List>
      )}
      {started && (
        <Alert color="green" role="status">
          Replaying {started.messages} messages at {started.speed}× as hub{' '}
          <HubLink hubId={started.hubId}>{started.hubId}</HubLink> (about{' '}
          {Math.ceil(started.durationMs / 1000)} s): open it to watch its live monitor.
        </Alert>
      )}
    </Stack>
  );
}

/** Record / Replay of one hub, from its hub screen: a button that opens the panel in a dialog. */
export function RecordReplayPanel({ hubId }: { hubId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          Record / Replay
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Record / Replay hub ${hubId}`} size="xl">
        <Stack gap="lg">
          <RecordSection hubId={hubId} />
          <ReplaySection />
        </Stack>
      </Modal>
    </>
  );
}
