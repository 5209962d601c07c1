import { checkRange, toCsv } from '@console/contracts';
import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import { AnchorLink } from '../../shared/shell/RouterLinks.tsx';
import { boundNumber } from '../../shared/ui/bound.ts';
import { DataTable } from '../../shared/ui/DataTable.tsx';
import { DateRangeInputs } from '../../shared/ui/DateInput.tsx';
import { QueryAnswer } from '../../shared/ui/QueryAnswer.tsx';
import { downloadCsv } from '../stats/graph-kit/export.ts';
import type { StructuresRange } from './queries.ts';

/** A structure or a user, linked to a Support Plus search for it (analytics spec §2). */
export const supportPlusSearch = (value: string) => (
  <AnchorLink to="/supportPlus" search={{ searchterm: value }} size="sm">
    {value}
  </AnchorLink>
);

export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** Errors of a typed range, by field: a bad date or a from after the to (no request is made). */
export const rangeProblems = (r: { from: string; to: string }) =>
  checkRange(r.from ? `${r.from}T00:00:00Z` : undefined, r.to ? `${r.to}T23:59:59Z` : undefined);

/**
 * From, To and Limit with Load: the range asked for changes only on Load, and only when the
 * inputs hold no error.
 */
export function RangeLoad({
  initialLimit,
  onLoad,
  extra,
}: {
  initialLimit?: number;
  onLoad: (r: StructuresRange) => void;
  extra?: ReactNode;
}) {
  const [draft, setDraft] = useState<StructuresRange>({ from: '', to: '', limit: initialLimit ?? 0 });
  const errors = rangeProblems(draft);
  return (
    <form
      aria-label="Range"
      onSubmit={(e) => {
        e.preventDefault();
        if (Object.keys(errors).length === 0) onLoad(draft);
      }}
    >
      <Group align="end" gap="sm">
        <DateRangeInputs w={170} value={draft} errors={errors} onChange={setDraft} />
        {initialLimit !== undefined && (
          <NumberInput
            label="Limit"
            min={1}
            max={100_000}
            w={120}
            {...boundNumber(draft.limit, (limit) => setDraft({ ...draft, limit: Math.max(1, limit) }), 1)}
          />
        )}
        {extra}
        <Button type="submit">Load</Button>
      </Group>
    </form>
  );
}

type Value = string | number | boolean | null;

/**
 * A screen's columns, once for its table and its CSV: each header, the row's value (exported as
 * it is, and what the table sorts by) and, when the table shows it otherwise, how.
 */
export type ExportFields<T> = readonly (readonly [string, (row: T) => Value, ((row: T) => ReactNode)?])[];

/** A date column: exported whole, shown as its day. */
export const dated = <T,>(header: string, get: (row: T) => string | null) =>
  [header, get, (r: T) => day(get(r))] as const;

/** A structure or user column: shown as a Support Plus search for it ('—' without one). */
export const searched = <T,>(header: string, get: (row: T) => string | null) =>
  [header, get, (r: T) => (get(r) ? supportPlusSearch(get(r) as string) : '—')] as const;

/** The table of a screen's rows in its export columns (headers sort by the exported value). */
export function FieldTable<T>({
  label,
  rows,
  fields,
  rowKey,
  csv,
}: {
  label: string;
  rows: readonly T[];
  fields: ExportFields<T>;
  rowKey: (row: T) => string;
  /** With a name: its 'Export CSV' button above the table, the download named after it. */
  csv?: string;
}) {
  const columns = fields.map(
    ([header, value, show]): ColumnDef<T, Value> => ({
      id: header,
      header,
      accessorFn: value,
      cell: (c) => (show ? show(c.row.original) : c.getValue()),
    }),
  );
  return (
    <>
      {csv && (
        <Group>
          <CsvButton name={csv} rows={rows} fields={fields} />
        </Group>
      )}
      <DataTable label={label} data={rows} columns={columns} rowKey={rowKey} />
    </>
  );
}

/** 'Export CSV' of the rows the screen shows, in the given columns. */
export function CsvButton<T>({
  name,
  rows,
  fields,
}: {
  name: string;
  rows: readonly T[];
  fields: ExportFields<T>;
}) {
  const csv = () =>
    toCsv(
      fields.map(([header]) => header),
      rows.map((r) => fields.map(([, get]) => get(r))),
    );
  return (
    <Button variant="light" disabled={rows.length === 0} onClick={() => downloadCsv(name, csv())}>
      Export CSV
    </Button>
  );
}

/** A screen's summary line: its facts ("label: value", or the value alone), then its buttons. */
export function Summary({
  facts,
  children,
}: {
  facts: readonly (readonly [string, ReactNode])[];
  children?: ReactNode;
}) {
  return (
    <Group gap="lg" aria-label="Summary" role="group">
      {facts.map(([label, value]) => (
        <Text size="sm" key={label || String(value)}>
          {label ? `${label}: ` : ''}
          {value}
        </Text>
      ))}
      {children}
    </Group>
  );
}

/**
 * A structure list screen (analytics spec §2): its title, From / To / Limit with Load, then for the
 * loaded range its summary facts with 'Export CSV' (and `children`, links beside them) and its
 * table of structures (loading and errors said by `QueryAnswer`).
 */
export function RangeScreen<
  A extends { from: string; to: string; structures: T[] },
  T extends { rootGroupId: string },
  K extends QueryKey,
>({
  title,
  defaultLimit,
  query,
  facts,
  fields,
  children,
}: {
  title: string;
  defaultLimit: number;
  query: (range: StructuresRange) => UseQueryOptions<A, Error, A, K>;
  facts: (answer: A) => readonly (readonly [string, ReactNode])[];
  fields: ExportFields<T>;
  children?: ReactNode;
}) {
  const [range, setRange] = useState<StructuresRange>({ from: '', to: '', limit: defaultLimit });
  const q = useQuery(query(range));
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <RangeLoad initialLimit={defaultLimit} onLoad={setRange} />
      <QueryAnswer q={q}>
        {(a) => (
          <>
            <Summary facts={[['', `${day(a.from)} to ${day(a.to)}`], ...facts(a)]}>
              <CsvButton
                name={title.toLowerCase().replaceAll(' ', '-')}
                rows={a.structures}
                fields={fields}
              />
              {children}
            </Summary>
            <FieldTable label={title} rows={a.structures} fields={fields} rowKey={(r) => r.rootGroupId} />
          </>
        )}
      </QueryAnswer>
    </Stack>
  );
}
