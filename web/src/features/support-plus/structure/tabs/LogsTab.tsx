import { Chip, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { stamp, text } from './columns.tsx';
import { PagedTable } from './PagedTable.tsx';
import { at, type Row } from './tab-pages.ts';

const columns = [
  stamp('createdDate', 'Time'),
  text('item.payload.group', 'Group'),
  text('item.payload.level', 'Level'),
  text('item.payload.message', 'Message'),
  text('item.payload.source', 'Source'),
];

/** The viewer's default group (seed 001 §2 "Viewer defaults: limit 50, group homeKit"). */
export const LOGS_DEFAULT_GROUP = 'homeKit';
const GROUP = 'item.payload.group';
const SOURCE = 'item.payload.source';

function counts(rows: Row[], path: string): [string, number][] {
  const m = new Map<string, number>();
  for (const r of rows) {
    const k = String(at(r, path) ?? '');
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m].sort((a, b) => b[1] - a[1]);
}

/**
 * Logs (seed 001 §2): hub logs, 50 a page (the viewer's default) with 'Get More'; the counts per
 * source and group of what is loaded act as filters, the group filter on homeKit from the start
 * whenever homeKit logs are loaded (its chip off shows every group); the text search asks the server.
 */
export function LogsTab({ rootGroupId }: { rootGroupId: string }) {
  // undefined until a group chip is clicked: then the default group if the loaded logs have it.
  const [chosen, setGroup] = useState<string | null | undefined>(undefined);
  const [source, setSource] = useState<string | null>(null);
  const groupOf = (rows: Row[]) =>
    chosen !== undefined
      ? chosen
      : rows.some((r) => at(r, GROUP) === LOGS_DEFAULT_GROUP)
        ? LOGS_DEFAULT_GROUP
        : null;
  const summary = (rows: Row[]) => (
    <Stack gap={4} mb="xs">
      {(
        [
          ['Source', SOURCE, source, setSource],
          ['Group', GROUP, groupOf(rows), setGroup],
        ] as const
      ).map(([label, path, value, set]) => (
        <Group key={label} gap={6} role="group" aria-label={`${label} filter`}>
          <Text size="xs" w={50}>
            {label}
          </Text>
          {counts(rows, path).map(([k, n]) => (
            <Chip key={k} size="xs" checked={value === k} onChange={() => set(value === k ? null : k)}>
              {k} ({n})
            </Chip>
          ))}
        </Group>
      ))}
    </Stack>
  );
  return (
    <PagedTable
      label="Logs"
      operation="search.logs"
      body={{ rootGroupId }}
      search="Search logs"
      columns={columns}
      details="Log"
      header={summary}
      visible={(rows) => {
        const group = groupOf(rows);
        return rows.filter(
          (r) => (!group || at(r, GROUP) === group) && (!source || at(r, SOURCE) === source),
        );
      }}
    />
  );
}
