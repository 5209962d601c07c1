import type { GroupCard, StructureDetail } from '@console/contracts';
import { Badge, Card, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DetailsButton } from './DetailsButton.tsx';
import { page } from './structure-view.ts';

const PAGE = 30;
const TYPE_LABEL: Record<string, string> = {
  rootGroup: 'Root group',
  room: 'Rooms',
  main: 'Main',
  grouping: 'Groupings',
  automationSet: 'Automation sets',
  featureSet: 'Feature sets',
  zone: 'Zones',
  other: 'Other',
};

/** Groups by type, with the invisible ones in a section of their own (seed 001 §2). */
export function GroupsTab({ groups }: { groups: StructureDetail['groups'] }) {
  return (
    <Stack gap="md">
      {groups.byType.map((t) => (
        <GroupSection key={t.type} label={TYPE_LABEL[t.type] ?? t.type} groups={t.groups} />
      ))}
      <GroupSection label="Invisible groups" groups={groups.invisible} />
    </Stack>
  );
}

function GroupSection({ label, groups }: { label: string; groups: GroupCard[] }) {
  const [at, setAt] = useState(1);
  const { items, pages } = page(groups, at, PAGE);
  return (
    <section aria-label={label}>
      <Title order={5} mb={6}>
        {label} ({groups.length})
      </Title>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {items.map((g) => (
            <Card key={g.groupId} withBorder padding="xs" role="article" aria-label={`Group ${g.name}`}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm" truncate>
                  {g.name || g.groupId}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Badge size="xs" variant="light">
                    {g.type}
                  </Badge>
                  <DetailsButton title={`Group ${g.name || g.groupId}`} value={g} />
                </Group>
              </Group>
              <Text size="xs" c="dimmed">
                {g.groupId}
              </Text>
              <Text size="xs">
                {g.features} features · {g.automations} automations · order {g.order} · access {g.accessCount}
                {!g.visible ? ' · invisible' : ''}
              </Text>
              {g.deviceId && <Text size="xs">device {g.deviceId}</Text>}
            </Card>
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && <Pagination mt="xs" size="sm" total={pages} value={at} onChange={setAt} />}
    </section>
  );
}
