import { checkRange } from '@console/contracts';
import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AnchorLink } from '../shell/RouterLinks.tsx';
import { downloadCsv } from '../stats/graph-kit/export.ts';
import { toCsv } from '../ui/csv.ts';
import { DateRangeInputs } from '../ui/DateInput.tsx';
import { QueryAnswer } from '../ui/QueryAnswer.tsx';
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
            value={draft.limit}
            onChange={(v) => setDraft({ ...draft, limit: Math.max(1, Number(v) || 1) })}
          />
        )}
        {extra}
        <Button type="submit">Load</Button>
      </Group>
    </form>
  );
}

/** The columns of an export: each header and how a row gives its value. */
export type ExportFields<T> = readonly (readonly [string, (row: T) => string | number | boolean | null])[];

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
 * A structure list screen (analytics spec §2): its title, From / To / Limit with Load, and what the
 * answer for the loaded range shows (loading and errors said by `Answer`).
 */
export function RangeScreen<A, K extends QueryKey>({
  title,
  defaultLimit,
  query,
  children,
}: {
  title: string;
  defaultLimit: number;
  query: (range: StructuresRange) => UseQueryOptions<A, Error, A, K>;
  children: (answer: A) => ReactNode;
}) {
  const [range, setRange] = useState<StructuresRange>({ from: '', to: '', limit: defaultLimit });
  const q = useQuery(query(range));
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <RangeLoad initialLimit={defaultLimit} onLoad={setRange} />
      <QueryAnswer q={q}>{children}</QueryAnswer>
    </Stack>
  );
}
