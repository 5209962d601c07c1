import { Stack } from '@mantine/core';
import { useState } from 'react';
import { type DateRange, DateRangeInputs, QueryForm } from '../../../../shared/ui/DateInput.tsx';
import { accessor, stamp, text } from './columns.tsx';
import { PagedTable } from './PagedTable.tsx';
import { at, rangeBody } from './tab-pages.ts';

const ERROR_SUB_TYPE = 'errorState-is-set';
const columns = [
  stamp('createdDate', 'Time'),
  text('state.subType', 'Sub type'),
  text('state.type', 'Type'),
  text('state.caller', 'Caller'),
  accessor((r) => Number(at(r, 'state.errorCount') ?? 0), { id: 'errors', header: 'Errors' }),
  accessor(
    (r) => {
      if (at(r, 'state.subType') !== ERROR_SUB_TYPE) return '';
      const p = at(r, 'data.0.authedHubObj.authPayload') as Record<string, unknown> | undefined;
      return p
        ? `factoryConfig ${p.factoryConfig} · configNumber ${p.configNumber} · deviceMinId ${p.deviceMinId}`
        : '';
    },
    { id: 'config', header: 'Error state config' },
  ),
];

/** Sync (seed 001 §2): sync updates newest first (500 a page), with a date-range query form. */
export function SyncTab({ rootGroupId }: { rootGroupId: string }) {
  const [form, setForm] = useState<DateRange>({ from: '', to: '' });
  const [range, setRange] = useState(form);
  return (
    <Stack gap="sm">
      <QueryForm label="Sync updates query" onQuery={() => setRange(form)}>
        <DateRangeInputs time value={form} onChange={setForm} />
      </QueryForm>
      <PagedTable
        label="Sync updates"
        operation="search.syncUpdates"
        body={{ rootGroupId, ...rangeBody(range) }}
        columns={columns}
        details="Sync update"
      />
    </Stack>
  );
}
