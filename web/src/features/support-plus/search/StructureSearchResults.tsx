import { type Gen2SearchResult, type Gen2StructureHit, type Gen2UserHit, hubIdHex } from '@console/contracts';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { AnchorLink } from '../../../shared/shell/RouterLinks.tsx';

import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { formatDate } from '../../../shared/ui/dates.ts';
import { HubLink } from '../hub/HubLink.tsx';

const users = createColumnHelper<Gen2UserHit>();
const userColumns = [
  users.accessor('email', { header: 'E-mail' }),
  users.accessor('createdDate', { header: 'Created', cell: (c) => formatDate(c.getValue()) }),
  users.accessor('userId', { header: 'User id', enableSorting: false }),
  users.accessor((u) => u.rootGroupIds.length, { id: 'structures', header: 'Structures' }),
  users.display({
    id: 'link',
    header: 'Link',
    cell: ({ row: { original: u } }) =>
      u.noRoot && u.hubId !== null ? (
        <Group gap={4}>
          <Badge color="orange" variant="light">
            No root
          </Badge>
          <HubLink hubId={u.hubId}>Link {u.hubId}</HubLink>
        </Group>
      ) : null,
  }),
  users.accessor('matchedBy', { header: 'Matched by' }),
];

const structures = createColumnHelper<Gen2StructureHit>();
const structureColumns = [
  structures.accessor('name', {
    header: 'Structure',
    cell: ({ row: { original: s } }) => (
      <AnchorLink to="/supportPlus/structure/$rootGroupId" params={{ rootGroupId: s.rootGroupId }}>
        {s.name || s.rootGroupId}
      </AnchorLink>
    ),
  }),
  structures.accessor('rootGroupId', { header: 'rootGroupId', enableSorting: false }),
  structures.accessor('createdDate', { header: 'Created', cell: (c) => formatDate(c.getValue()) }),
  structures.accessor((s) => s.link2.join(', '), { id: 'links', header: 'Links', enableSorting: false }),
  structures.accessor((s) => s.userIds.length, { id: 'users', header: 'Users' }),
  structures.accessor('matchedBy', { header: 'Matched by' }),
  structures.accessor((s) => s.products.map((p) => `${p.serial} ${p.name}`).join(', '), {
    id: 'products',
    header: 'Products matched',
    enableSorting: false,
  }),
];

/** What a search found: the users (e-mail, created date), 'Found N Structures' and a way to open one. */
export function StructureSearchResults({
  result,
  all,
  onLoadAll,
  loading,
}: {
  result: Gen2SearchResult;
  all: boolean;
  onLoadAll: () => void;
  loading: boolean;
}) {
  const navigate = useNavigate();
  const n = result.totalStructures;
  return (
    <Stack gap="md">
      {result.loosened && (
        <Alert color="blue" title="No exact match">
          Nothing matched “{result.text}” exactly; these results match more loosely.
        </Alert>
      )}
      {result.hubId !== null && (
        <Text size="sm" c="dimmed">
          Read as link id {result.hubId} (0x{hubIdHex(result.hubId)}).
        </Text>
      )}
      <Paper withBorder p="md" component="section" aria-label="Users found">
        <Title order={3} mb="xs">
          Users ({result.users.length})
        </Title>
        <DataTable label="Users" data={result.users} columns={userColumns} rowKey={(u) => u.userId} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Structures found">
        <Group justify="space-between" mb="xs">
          <Title order={3}>
            Found {n} {n === 1 ? 'Structure' : 'Structures'}
          </Title>
          <Group gap="sm">
            {result.structures.length > 1 && (
              <Select
                label="Open a structure"
                placeholder="Choose…"
                data={result.structures.map((s) => ({
                  value: s.rootGroupId,
                  label: `${s.name || s.rootGroupId} (${s.rootGroupId})`,
                }))}
                onChange={(rootGroupId) =>
                  rootGroupId &&
                  navigate({ to: '/supportPlus/structure/$rootGroupId', params: { rootGroupId } })
                }
                searchable
                w={360}
              />
            )}
            {result.truncated && !all && (
              <Button variant="light" mt={24} onClick={onLoadAll} loading={loading}>
                Load all
              </Button>
            )}
          </Group>
        </Group>
        {result.truncated && all && (
          <Text size="sm" c="dimmed" mb="xs">
            Showing the first {result.structures.length}; narrow the search to see the rest.
          </Text>
        )}
        <DataTable
          label="Structures"
          data={result.structures}
          columns={structureColumns}
          rowKey={(s) => s.rootGroupId}
        />
      </Paper>
    </Stack>
  );
}
