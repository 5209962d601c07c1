import { MESSAGE_CLASSES } from '@console/contracts';
import { Badge, Button, Group, MultiSelect, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { accessor, stamp } from './columns.tsx';
import { PagedTable } from './PagedTable.tsx';
import { at, type Row } from './tab-pages.ts';

/** The text filter's debounce (seed 001 §9). */
export const TEXT_DEBOUNCE_MS = 200;

const columns = [
  stamp('createdDate', 'Time'),
  accessor(
    (r) => {
      const m = (at(r, 'messages') as Row[] | undefined)?.[0];
      return m ? `${m.clientType} ${m.clientId}` : '';
    },
    { id: 'source', header: 'Source' },
  ),
  accessor((r) => `${r.class}.${r.operation}`, { id: 'action', header: 'Action' }),
  accessor((r) => Number(r.duration ?? 0), { id: 'latency', header: 'Latency (ms)' }),
  accessor((r) => (r.success ? (r.warning ? 'warning' : 'success') : 'failed'), {
    id: 'success',
    header: 'Success',
    cell: (c) => (
      <Badge
        size="xs"
        color={c.getValue() === 'success' ? 'teal' : c.getValue() === 'warning' ? 'orange' : 'red'}
      >
        {c.getValue()}
      </Badge>
    ),
  }),
];

interface TransForm {
  classes: string[];
  operations: string[];
  success: string | null;
  start: string;
  end: string;
}
const EMPTY: TransForm = { classes: [], operations: [], success: null, start: '', end: '' };
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** Trans (seed 001 §2): transactions with a 200 ms text search and a query form, newest first. */
export function TransTab({ rootGroupId }: { rootGroupId: string }) {
  const [typed, setTyped] = useState('');
  const [textFilter] = useDebouncedValue(typed.trim(), TEXT_DEBOUNCE_MS);
  const [form, setForm] = useState<TransForm>(EMPTY);
  const [applied, setApplied] = useState<TransForm>(EMPTY);
  const body: Row = {
    rootGroupId,
    ...(textFilter ? { text: textFilter } : {}),
    ...(applied.classes.length ? { classes: applied.classes } : {}),
    ...(applied.operations.length ? { operations: applied.operations } : {}),
    ...(applied.success ? { success: applied.success === 'success' } : {}),
    ...(applied.start ? { start: iso(applied.start) } : {}),
    ...(applied.end ? { end: iso(applied.end) } : {}),
  };
  return (
    <Stack gap="sm">
      <TextInput
        label="Search transactions"
        placeholder="class, operation, client…"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      <form
        aria-label="Transactions query"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(form);
        }}
      >
        <Group align="end" gap="xs">
          <MultiSelect
            label="Classes"
            data={[...MESSAGE_CLASSES]}
            value={form.classes}
            onChange={(classes) => setForm({ ...form, classes })}
            w={220}
            clearable
          />
          <TagsInput
            label="Operations"
            value={form.operations}
            onChange={(operations) => setForm({ ...form, operations })}
            w={200}
          />
          <Select
            label="Success"
            data={['success', 'failed']}
            value={form.success}
            onChange={(success) => setForm({ ...form, success })}
            clearable
            w={120}
          />
          <TextInput
            label="Start"
            type="datetime-local"
            value={form.start}
            onChange={(e) => setForm({ ...form, start: e.currentTarget.value })}
          />
          <TextInput
            label="End"
            type="datetime-local"
            value={form.end}
            onChange={(e) => setForm({ ...form, end: e.currentTarget.value })}
          />
          <Button type="submit" size="sm">
            Query
          </Button>
        </Group>
      </form>
      <PagedTable
        label="Transactions"
        path="/api/supportPlus/transactions"
        body={body}
        dateField="createdDate"
        columns={columns}
        details="Transaction"
      />
    </Stack>
  );
}
