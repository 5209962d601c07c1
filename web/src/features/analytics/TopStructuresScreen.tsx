import { ANALYTICS_DEFAULTS, type TopStructures } from '@console/contracts';
import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryAnswer } from '../../shared/ui/QueryAnswer.tsx';
import { CsvButton, dated, day, type ExportFields, FieldTable, searched } from './parts.tsx';
import { topStructuresQueryOptions } from './queries.ts';

type Row = TopStructures['structures'][number];

const EXPORT: ExportFields<Row> = [
  searched<Row>('Structure', (r) => r.rootGroupId),
  searched<Row>('User', (r) => r.user),
  dated<Row>('Created Date', (r) => r.createdDate),
  ['Age', (r) => r.ageDays],
  dated<Row>('Updated Date', (r) => r.updatedDate),
  ['Devices', (r) => r.devices],
  ['Automations', (r) => r.automations],
  ['Groups', (r) => r.groups],
];

/** `/linkplus-structures` (analytics spec §2): the top structures by device count; Top count and Load. */
export function TopStructuresScreen() {
  const [input, setInput] = useState<number>(ANALYTICS_DEFAULTS.topStructures);
  const [top, setTop] = useState<number>(ANALYTICS_DEFAULTS.topStructures);
  const q = useQuery(topStructuresQueryOptions(top));
  const rows = q.data?.structures ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>Top Structures</Title>
      <Group align="end">
        <NumberInput
          label="Top count"
          min={1}
          max={1000}
          value={input}
          onChange={(v) => setInput(typeof v === 'number' ? v : ANALYTICS_DEFAULTS.topStructures)}
          w={140}
        />
        <Button onClick={() => setTop(Math.max(1, input))}>Load</Button>
        <CsvButton name="top-structures" rows={rows} fields={EXPORT} />
      </Group>
      <QueryAnswer q={q}>
        {(a) => (
          <>
            <Text size="sm" c="dimmed">
              Ages are counted to {day(a.asOf)}, the newest structure.
            </Text>
            <FieldTable label="Top structures" rows={rows} fields={EXPORT} rowKey={(r) => r.rootGroupId} />
          </>
        )}
      </QueryAnswer>
    </Stack>
  );
}
