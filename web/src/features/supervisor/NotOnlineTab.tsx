import { CLIENT_TYPES, type NotOnlineRecord, type WorkerOfflineQuery } from '@console/contracts';
import {
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { formatStamp } from '../ui/dates.ts';
import { workerOffline } from './queries.ts';
import {
  fromLocalInput,
  type SortDir,
  sortRows,
  toLocalInput,
  yesterdayMidnight,
} from './worker-defaults.ts';

type ClientType = WorkerOfflineQuery['clientType'];

const COLUMNS: { key: keyof NotOnlineRecord; label: string }[] = [
  { key: 'clientId', label: 'Client id' },
  { key: 'count', label: 'Connections' },
  { key: 'lastRemoved', label: 'Last disconnected' },
  { key: 'structureId', label: 'Structure' },
  { key: 'factoryConfig', label: 'Factory config' },
  { key: 'firmwareVersion', label: 'Firmware' },
  { key: 'worker', label: 'Worker' },
];

/** Links whose worker connections ended in the range and that are not online now (analytics spec §2). */
export function NotOnlineTab() {
  const [clientType, setClientType] = useState('link2');
  const [from, setFrom] = useState(() => toLocalInput(yesterdayMidnight(new Date())));
  const [to, setTo] = useState('');
  const [ignoreRecent, setIgnoreRecent] = useState(true);
  const [sort, setSort] = useState<{ key: keyof NotOnlineRecord; dir: SortDir }>({
    key: 'lastRemoved',
    dir: 'desc',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const report = useMutation({ mutationFn: workerOffline });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fromDate = fromLocalInput(from);
    const toDate = fromLocalInput(to);
    if (!fromDate) return setFormError('A from date is needed.');
    setFormError(null);
    report.mutate({
      clientType: clientType as ClientType,
      fromDate,
      ...(toDate ? { toDate } : {}),
      ignoreRecent,
    });
  };
  const header = (key: keyof NotOnlineRecord, label: string) => (
    <Table.Th
      key={key}
      aria-sort={sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton
        fz="sm"
        fw={600}
        onClick={() => setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }))}
      >
        {label}
        {sort.key === key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  const rows = report.data ? sortRows(report.data.notOnline, sort.key, sort.dir) : [];

  return (
    <Stack gap="md">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <Select
            label="Client type"
            data={[...CLIENT_TYPES]}
            value={clientType}
            onChange={(v) => setClientType(v ?? 'link2')}
            allowDeselect={false}
            w={130}
          />
          <TextInput
            label="From date"
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            label="Before date (optional)"
            type="datetime-local"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <Switch
            label="Ignore recent (15 min)"
            checked={ignoreRecent}
            onChange={(e) => setIgnoreRecent(e.currentTarget.checked)}
            mb={8}
          />
          <Button type="submit" loading={report.isPending}>
            Get links offline
          </Button>
        </Group>
      </form>
      {formError ? <Alert color="red">{formError}</Alert> : null}
      {report.isError ? <Alert color="red">Error: {errorMessage(report.error)}</Alert> : null}
      {report.data ? (
        <>
          <Text size="sm" aria-label="Report summary">
            Not online: {report.data.notOnline.length} · Online now: {report.data.onlineNow} · Online in the
            period before: {report.data.onlinePrev} · Ignored recent: {report.data.ignoredRecent}
          </Text>
          {rows.length === 0 ? (
            <Text c="dimmed">No links offline in this range.</Text>
          ) : (
            <Table striped withTableBorder aria-label="Links not online">
              <Table.Thead>
                <Table.Tr>{COLUMNS.map((c) => header(c.key, c.label))}</Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, 500).map((r) => (
                  <Table.Tr key={r.clientId}>
                    <Table.Td>{r.clientId}</Table.Td>
                    <Table.Td>{r.count}</Table.Td>
                    <Table.Td>{formatStamp(r.lastRemoved)}</Table.Td>
                    <Table.Td>{r.structureId ?? '—'}</Table.Td>
                    <Table.Td>{r.factoryConfig ?? '—'}</Table.Td>
                    <Table.Td>{r.firmwareVersion ?? '—'}</Table.Td>
                    <Table.Td>{r.worker ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {rows.length > 500 ? (
            <Text size="xs" c="dimmed">
              The first 500 of {rows.length} are shown; narrow the range for the rest.
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
