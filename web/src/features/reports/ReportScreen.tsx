import { REPORT_ACTIVE_DAYS, REPORT_TEXT, REPORTS, type ReportJob } from '@console/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DateInput } from '../../shared/ui/DateInput.tsx';
import { formatLocal } from '../../shared/ui/dates.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import {
  type ExportReportName,
  reportKeys,
  reportKind,
  reportProgressQueryOptions,
  startReport,
} from './queries.ts';

/** Which options a report screen asks for. */
export type ReportOptions = 'generation' | 'active' | 'registered' | 'none';

const dayStart = (d: string) => `${d}T00:00:00.000Z`;
const dayEnd = (d: string) => `${d}T23:59:59.999Z`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * One report export screen (seed 000 §2): its options, Export, and the job's progress: rows done of
 * the total while it runs (polled from the server, so a reload or another tab shows the same), then
 * where the CSV went. The CSV is e-mailed to the signed-in staff member, never downloaded here.
 */
export function ReportScreen({
  name,
  title,
  options,
}: {
  name: ExportReportName;
  title: string;
  options: ReportOptions;
}) {
  const me = useCurrentUser();
  const kind = reportKind(name);
  const client = useQueryClient();
  const progress = useQuery(reportProgressQueryOptions(kind));
  const [link1, setLink1] = useState(true);
  const [linkPlus, setLinkPlus] = useState(true);
  const [days, setDays] = useState<number | string>(REPORT_ACTIVE_DAYS.default);
  const [from, setFrom] = useState(isoDay(Date.now() - 30 * 86_400_000));
  const [to, setTo] = useState(isoDay(Date.now()));
  const [problem, setProblem] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (body: Record<string, unknown>) => startReport(name, body),
    onSuccess: (job) => {
      client.setQueryData(reportKeys.progress(kind), { kind, inProgress: true, job });
    },
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.progress(kind) }),
  });
  const submit = () => {
    setProblem(null);
    const body: Record<string, unknown> = { email: me.email };
    if (options === 'generation') {
      if (!link1 && !linkPlus) return setProblem(REPORT_TEXT.noOption);
      Object.assign(body, { link1, linkPlus });
    }
    if (options === 'active' || options === 'registered') {
      if (typeof days !== 'number' || days < 1 || days > REPORT_ACTIVE_DAYS.max)
        return setProblem(`Active days: a whole number from 1 to ${REPORT_ACTIVE_DAYS.max}.`);
      body.activeInLastDays = days;
    }
    if (options === 'registered') {
      if (!from || !to) return setProblem('Choose both dates.');
      if (from > to) return setProblem('The from date is after the to date.');
      Object.assign(body, { fromDate: dayStart(from), toDate: dayEnd(to) });
    }
    start.mutate(body);
  };
  const running = progress.data?.inProgress ?? false;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{title}</Title>
      <Text size="sm" c="dimmed">
        {REPORTS[name].label}. The CSV is e-mailed to you; one report of this group runs at a time.
      </Text>
      <form
        aria-label={`${title} options`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput label="Send to" value={me.email} readOnly w={320} description="Your own address" />
          {options === 'generation' && (
            <Group gap="lg">
              <Checkbox label="Link" checked={link1} onChange={(e) => setLink1(e.currentTarget.checked)} />
              <Checkbox
                label="Link Plus"
                checked={linkPlus}
                onChange={(e) => setLinkPlus(e.currentTarget.checked)}
              />
            </Group>
          )}
          {options === 'registered' && (
            <Group gap="sm" align="end">
              <DateInput label="Registered from" w={170} value={from} onChange={setFrom} />
              <DateInput label="Registered to" w={170} value={to} onChange={setTo} />
            </Group>
          )}
          {(options === 'active' || options === 'registered') && (
            <NumberInput
              label="Active in the last days"
              w={200}
              min={1}
              max={REPORT_ACTIVE_DAYS.max}
              allowDecimal={false}
              value={days}
              onChange={setDays}
            />
          )}
          <Group>
            <Button type="submit" loading={start.isPending} disabled={running}>
              Export
            </Button>
          </Group>
        </Stack>
      </form>
      <ErrorAlert error={problem} aria-label="Report problem" />
      <ErrorAlert error={start.error} aria-label="Report refused" />
      <ErrorAlert error={progress.error} aria-label="Report progress error" />
      {progress.data?.job && <JobPanel job={progress.data.job} />}
    </Stack>
  );
}

function JobPanel({ job }: { job: ReportJob }) {
  const label = REPORTS[job.report].label;
  const pct = job.rowsTotal ? Math.min(100, (100 * job.rowsDone) / job.rowsTotal) : 0;
  const rows = `${job.rowsDone.toLocaleString('en-GB')} of ${job.rowsTotal === null ? '…' : job.rowsTotal.toLocaleString('en-GB')} rows`;
  return (
    <Stack gap={6} aria-label="Report job">
      {job.status === 'queued' && (
        <Text size="sm">
          {label}: queued by {job.requestedBy} at {formatLocal(job.createdAt)}…
        </Text>
      )}
      {job.status === 'running' && (
        <>
          <Text size="sm">
            {label}: running for {job.requestedBy}, {rows}
            {job.attempts > 1 ? ` (resumed, attempt ${job.attempts})` : ''}
          </Text>
          <Progress value={pct} aria-label="Rows done" animated />
        </>
      )}
      {job.status === 'done' && (
        <Alert color="green" aria-label="Report sent">
          {label}: {job.rowsDone.toLocaleString('en-GB')} rows sent to {job.requestedBy} as {job.file} (
          {formatLocal(job.finishedAt ?? job.createdAt)}).
        </Alert>
      )}
      {job.status === 'failed' && (
        <Alert color="red" aria-label="Report failed">
          {label} (asked by {job.requestedBy}) failed: {job.error}
        </Alert>
      )}
    </Stack>
  );
}
