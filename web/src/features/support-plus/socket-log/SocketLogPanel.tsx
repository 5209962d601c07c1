import { SOCKET_LOG_PANEL, type SocketLogQuery, type SocketLogRow } from '@console/contracts';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../shared/api/call.ts';
import { errorMessage } from '../../../shared/api/client.ts';
import { boundNumber } from '../../../shared/ui/bound.ts';
import { ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { DetailsModal } from '../../../shared/ui/DetailsModal.tsx';
import { formatStamp, fromLocalInput } from '../../../shared/ui/dates.ts';
import { RowButton } from '../../../shared/ui/RowButton.tsx';
import { Toggle } from '../../../shared/ui/Toggle.tsx';

/** The panel's text filters: form field → label and width. */
const TEXT_FILTERS = {
  class: ['Class', 110],
  operation: ['Operation', 120],
  start: ['Start time', 190],
  end: ['End time', 190],
  like: ['Like', 160],
  group: ['Group', 110],
  level: ['Level', 90],
  user: ['User', 200],
  links: ['Link ids', 220],
} as const;
type TextFilter = keyof typeof TEXT_FILTERS;
type Form = Record<TextFilter, string> & { limit: number; socketLogs: boolean; logs: boolean };

/** The form as the API's query, or what is wrong with it. */
export function socketLogQuery(f: Form): { query: SocketLogQuery } | { error: string } {
  const ids = f.links.split(/[\s,]+/).filter(Boolean);
  if (ids.some((id) => !/^[0-9]{1,16}$/.test(id)))
    return { error: 'Link ids are numbers, separated by commas.' };
  if (ids.length > SOCKET_LOG_PANEL.maxLinkIds)
    return { error: `At most ${SOCKET_LOG_PANEL.maxLinkIds} link ids at a time.` };
  const query: SocketLogQuery = { limit: f.limit, socketLogs: f.socketLogs, logs: f.logs };
  if (ids.length) query.linkIds = [...new Set(ids.map(Number))];
  for (const key of ['class', 'operation', 'like', 'group', 'level', 'user'] as const) {
    const v = f[key].trim();
    if (v) query[key] = v;
  }
  for (const key of ['start', 'end'] as const) {
    if (!f[key]) continue;
    const iso = fromLocalInput(f[key]);
    if (!iso) return { error: `Not a time: ${f[key]}` };
    query[key] = iso;
  }
  return { query };
}

const what = (r: SocketLogRow) =>
  r.source === 'socketLogs' ? `${r.class}.${r.operation} ${r.direction ?? ''}` : `${r.group} · ${r.level}`;
const detail = (r: SocketLogRow) =>
  r.source === 'socketLogs' ? `${r.clientType}.${r.clientId}` : `${r.message ?? ''} (${r.logSource ?? ''})`;

/**
 * The socket log panel (seed 001 §2): stored socket logs and hub logs by class, operation, start
 * and end time, limit, like, group, level, user and link ids, either source on or off; newest
 * first, each row opening its record. 'No results found', or the load error, as the seed says.
 */
export function SocketLogPanel({ linkIds }: { linkIds: readonly number[] }) {
  const [form, setForm] = useState<Form>(() => ({
    ...(Object.fromEntries(Object.keys(TEXT_FILTERS).map((k) => [k, ''])) as Record<TextFilter, string>),
    links: linkIds.join(', '),
    limit: SOCKET_LOG_PANEL.defaultLimit,
    socketLogs: true,
    logs: true,
  }));
  const [asked, setAsked] = useState<SocketLogQuery | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<SocketLogRow | null>(null);
  const q = useQuery({
    queryKey: ['support-plus', 'socket-log', asked],
    enabled: asked !== null,
    queryFn: ({ signal }) =>
      // Enabled only once a query is asked.
      call('search.socketLogPanel', { body: asked as SocketLogQuery, signal }),
  });
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const load = () => {
    const built = socketLogQuery(form);
    setProblem('error' in built ? built.error : null);
    if ('query' in built) setAsked(built.query);
  };
  return (
    <Paper withBorder p="sm" component="section" aria-label="Socket log panel">
      <Title order={3} mb="xs">
        Socket log
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          load();
        }}
      >
        <Group gap="xs" align="end">
          {(Object.entries(TEXT_FILTERS) as [TextFilter, readonly [string, number]][]).map(
            ([key, [label, w]]) => (
              <TextInput
                key={key}
                label={label}
                w={w}
                type={key === 'start' || key === 'end' ? 'datetime-local' : undefined}
                value={form[key]}
                onChange={(e) => set({ [key]: e.currentTarget.value })}
              />
            ),
          )}
          <NumberInput
            label="Limit"
            w={90}
            min={1}
            max={SOCKET_LOG_PANEL.maxLimit}
            {...boundNumber(
              form.limit,
              (limit) => set({ limit: Math.min(SOCKET_LOG_PANEL.maxLimit, limit) }),
              1,
            )}
          />
          <Toggle
            label="socketLogs"
            checked={form.socketLogs}
            onChange={(on) => set({ socketLogs: on })}
            mb={8}
          />
          <Toggle label="logs" checked={form.logs} onChange={(on) => set({ logs: on })} mb={8} />
          <Button type="submit" loading={q.isFetching}>
            Load
          </Button>
        </Group>
      </form>
      <Stack gap="xs" mt="xs">
        {problem && <Alert color="red">{problem}</Alert>}
        {q.isError && <Alert color="red">Could not load the socket log: {errorMessage(q.error)}</Alert>}
        {q.data && q.data.rows.length === 0 && <Text c="dimmed">No results found</Text>}
        {q.data && q.data.rows.length > 0 && (
          <ColumnTable
            label="Socket log results"
            rows={q.data.rows}
            rowKey={(r) => r.id}
            columns={[
              {
                header: 'Time',
                cell: (r) => <RowButton onClick={() => setOpen(r)}>{formatStamp(r.time)}</RowButton>,
              },
              { header: 'Source', cell: (r) => r.source },
              { header: 'Link', cell: (r) => r.linkId },
              { header: 'What', cell: what },
              { header: 'Who / message', cell: detail },
            ]}
          />
        )}
      </Stack>
      <DetailsModal title="Log record" value={open?.record ?? null} onClose={() => setOpen(null)} />
    </Paper>
  );
}
