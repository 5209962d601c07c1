import { MESSAGE_CLASSES } from '@console/contracts';
import { Badge, MultiSelect, Select, Stack, TagsInput } from '@mantine/core';
import { useState } from 'react';
import { DateRangeInputs, QueryForm } from '../../../../shared/ui/DateInput.tsx';
import { accessor, stamp } from './columns.tsx';
import { PagedTable } from './PagedTable.tsx';
import { at, type Row, rangeBody } from './tab-pages.ts';
import { useTextSearch } from './use-text-search.tsx';

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
  from: string;
  to: string;
}
const EMPTY: TransForm = { classes: [], operations: [], success: null, from: '', to: '' };

/** Trans (seed 001 §2): transactions with a 200 ms text search and a query form, newest first. */
export function TransTab({ rootGroupId }: { rootGroupId: string }) {
  const search = useTextSearch('Search transactions', 'class, operation, client…');
  const [form, setForm] = useState<TransForm>(EMPTY);
  const [applied, setApplied] = useState<TransForm>(EMPTY);
  const body: Row = {
    rootGroupId,
    ...search.body,
    ...(applied.classes.length ? { classes: applied.classes } : {}),
    ...(applied.operations.length ? { operations: applied.operations } : {}),
    ...(applied.success ? { success: applied.success === 'success' } : {}),
    ...rangeBody(applied),
  };
  return (
    <Stack gap="sm">
      {search.field}
      <QueryForm label="Transactions query" onQuery={() => setApplied(form)}>
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
        <DateRangeInputs time labels={['Start', 'End']} value={form} onChange={setForm} />
      </QueryForm>
      <PagedTable
        label="Transactions"
        operation="search.transactions"
        body={body}
        columns={columns}
        details="Transaction"
      />
    </Stack>
  );
}
