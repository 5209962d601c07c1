import type { GroupCard, StructureDetail } from '@console/contracts';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { DetailsButton } from './DetailsButton.tsx';
import { PagedCards } from './PagedCards.tsx';

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

const tile = (g: GroupCard) => <GroupTile key={g.groupId} group={g} />;

/** Groups by type, with the invisible ones in a section of their own (seed 001 §2). */
export function GroupsTab({ groups }: { groups: StructureDetail['groups'] }) {
  return (
    <Stack gap="md">
      {groups.byType.map((t) => (
        <PagedCards key={t.type} label={TYPE_LABEL[t.type] ?? t.type} items={t.groups} card={tile} />
      ))}
      <PagedCards label="Invisible groups" items={groups.invisible} card={tile} />
    </Stack>
  );
}

function GroupTile({ group: g }: { group: GroupCard }) {
  return (
    <Card withBorder padding="xs" role="article" aria-label={`Group ${g.name}`}>
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
  );
}
