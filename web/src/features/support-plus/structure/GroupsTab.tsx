import type { GroupCard, StructureDetail } from '@console/contracts';
import { Stack, Text } from '@mantine/core';
import { PagedCards } from './PagedCards.tsx';
import { RecordTile } from './RecordTile.tsx';

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
    <RecordTile kind="Group" id={g.groupId} value={g} badge={{ label: g.type, variant: 'light' }}>
      <Text size="xs" c="dimmed">
        {g.groupId}
      </Text>
      <Text size="xs">
        {g.features} features · {g.automations} automations · order {g.order} · access {g.accessCount}
        {!g.visible ? ' · invisible' : ''}
      </Text>
      {g.deviceId && <Text size="xs">device {g.deviceId}</Text>}
    </RecordTile>
  );
}
