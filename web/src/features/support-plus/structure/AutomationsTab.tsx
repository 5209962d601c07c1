import { type AutomationCard, type GroupCard, SEARCH_TEXT, type StructureDetail } from '@console/contracts';
import { Badge, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { bound } from '../../../shared/ui/bound.ts';
import { DetailsButton } from './DetailsButton.tsx';
import { RecordTile } from './RecordTile.tsx';
import { type AutomationSort, automationCategories, bySet, viewAutomations } from './structure-view.ts';

/**
 * Automations (seed 001 §2): sort by name or category, name prefix (any case), category filter
 * ('all' by default), grouped by automation set, 5 per row, 'Missing group!' + the id on each.
 */
export function AutomationsTab({ detail }: { detail: StructureDetail }) {
  const [sort, setSort] = useState<AutomationSort>('name');
  const [prefix, setPrefix] = useState('');
  const [category, setCategory] = useState('all');
  const groups = useMemo(() => {
    const m = new Map<string, GroupCard>();
    for (const g of [...detail.groups.byType.flatMap((t) => t.groups), ...detail.groups.invisible])
      m.set(g.groupId, g);
    return m;
  }, [detail.groups]);
  const names = useMemo(() => new Map([...groups].map(([id, g]) => [id, g.name])), [groups]);
  const shown = viewAutomations(detail.automations, { sort, prefix, category });
  const missing = detail.automations.filter((a) => a.missingGroups.length > 0).length;
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Sort by"
          data={[
            { value: 'name', label: 'Name' },
            { value: 'category', label: 'Category' },
          ]}
          value={sort}
          onChange={(v) => setSort((v as AutomationSort) ?? 'name')}
          allowDeselect={false}
          w={160}
        />
        <TextInput label="Name starts with" {...bound(prefix, setPrefix)} w={220} />
        <Select
          label="Category"
          data={['all', ...automationCategories(detail.automations)]}
          value={category}
          onChange={(v) => setCategory(v ?? 'all')}
          allowDeselect={false}
          w={200}
        />
        {missing > 0 && (
          <Badge color="red" variant="light" tt="none">
            {missing} with missing groups
          </Badge>
        )}
      </Group>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {detail.automations.length === 0 ? 'No associated Automations' : 'No results found'}
        </Text>
      )}
      {bySet(shown).map(({ set, automations }) => {
        const label = set ? `Automation set ${names.get(set) ?? set}` : 'In no automation set';
        return (
          <section key={set ?? 'none'} aria-label={label}>
            <Group gap="xs" mb={6}>
              <Title order={2}>
                {label} ({automations.length})
              </Title>
              {set && groups.get(set) && (
                <DetailsButton title={`Automation group ${names.get(set) ?? set}`} value={groups.get(set)} />
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3, xl: 5 }} spacing="sm">
              {automations.map((a) => (
                <AutomationTile key={a.groupId} automation={a} />
              ))}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
}

function AutomationTile({ automation: a }: { automation: AutomationCard }) {
  return (
    <RecordTile
      kind="Automation"
      value={a}
      badge={{ label: a.active ? 'active' : 'inactive', color: a.active ? 'green' : 'gray' }}
    >
      <Text size="xs" c="dimmed">
        {a.category} · {a.scriptType} · {a.features.length} features
      </Text>
      {a.groups.length > 0 && (
        <Text size="xs">Groups: {a.groups.map((g) => g.name ?? g.groupId).join(', ')}</Text>
      )}
      {a.missingGroups.map((id) => (
        <Text key={id} size="xs" c="red" fw={700}>
          {SEARCH_TEXT.missingGroup} {id}
        </Text>
      ))}
    </RecordTile>
  );
}
