import { type FeatureCard, SEARCH_TEXT } from '@console/contracts';
import { Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { RecordTile } from './RecordTile.tsx';
import { page } from './structure-view.ts';

const PAGE = 30;

/** Feature cards, 3 per row (seed 001 §2): type and name, key, the device or 'Missing Device!', groups. */
export function FeaturesTab({ features }: { features: FeatureCard[] }) {
  const [filter, setFilter] = useState('');
  const [at, setAt] = useState(1);
  const t = filter.trim().toLowerCase();
  const shown = t
    ? features.filter((f) => [f.name, f.type, f.key, f.featureId].some((v) => v.toLowerCase().includes(t)))
    : features;
  // Broken features first: they are what support looks for.
  const ordered = [...shown].sort((a, b) => Number(b.missingDevice) - Number(a.missingDevice));
  const { items, pages } = page(ordered, at, PAGE);
  return (
    <Stack gap="sm">
      <TextInput
        label="Filter features"
        placeholder="Name, type, key or id"
        value={filter}
        onChange={(e) => {
          setFilter(e.currentTarget.value);
          setAt(1);
        }}
        maw={420}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {items.map((f) => (
          <RecordTile
            key={f.featureId}
            kind="Feature"
            value={f}
            badge={{ label: f.type, variant: 'light', tt: 'none' }}
          >
            <Text size="xs" c="dimmed">
              key {f.key} · channel {f.channel} · {f.featureId}
            </Text>
            {f.missingDevice ? (
              <Text size="sm" c="red" fw={700}>
                {SEARCH_TEXT.missingDevice}
              </Text>
            ) : (
              <Text size="sm">Device: {f.deviceName ?? f.deviceId}</Text>
            )}
            <Text size="xs">
              {f.groups.length} {f.groups.length === 1 ? 'group' : 'groups'}
              {f.groups.length > 0 ? `: ${f.groups.map((g) => g.name ?? g.groupId).join(', ')}` : ''}
            </Text>
          </RecordTile>
        ))}
      </SimpleGrid>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No results found
        </Text>
      )}
      {pages > 1 && <Pagination size="sm" total={pages} value={at} onChange={setAt} />}
    </Stack>
  );
}
