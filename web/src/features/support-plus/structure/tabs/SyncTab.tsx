import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { accessor, stamp, text } from './columns.tsx';
import { PagedTable } from './PagedTable.tsx';
import { at } from './tab-pages.ts';

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
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** Sync (seed 001 §2): sync updates newest first (500 a page), with a date-range query form. */
export function SyncTab({ rootGroupId }: { rootGroupId: string }) {
  const [form, setForm] = useState({ start: '', end: '' });
  const [range, setRange] = useState(form);
  return (
    <Stack gap="sm">
      <form
        aria-label="Sync updates query"
        onSubmit={(e) => {
          e.preventDefault();
          setRange(form);
        }}
      >
        <Group align="end" gap="xs">
          <TextInput
            label="From"
            type="datetime-local"
            value={form.start}
            onChange={(e) => setForm({ ...form, start: e.currentTarget.value })}
          />
          <TextInput
            label="To"
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
        label="Sync updates"
        path="/api/supportPlus/syncupdates"
        body={{
          rootGroupId,
          ...(range.start ? { start: iso(range.start) } : {}),
          ...(range.end ? { end: iso(range.end) } : {}),
        }}
        dateField="createdDate"
        columns={columns}
        details="Sync update"
      />
    </Stack>
  );
}
