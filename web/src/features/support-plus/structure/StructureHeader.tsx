import type { StructureDetail, StructureHub, StructureUser } from '@console/contracts';
import { Badge, Card, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { BadgeList } from '../../../shared/ui/BadgeList.tsx';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { CopyText } from '../../../shared/ui/CopyText.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { formatDate, formatStamp } from '../../../shared/ui/dates.ts';
import { HubLink } from '../hub/HubLink.tsx';
import { UserActions } from './UserActions.tsx';
import { UserConnected } from './UserConnected.tsx';
import { UserLinks } from './UserLinks.tsx';

/** The V5 licence sentence of one user (seed 001 §8), or null when nothing needs saying. */
export function licenceNote(u: StructureUser, applied: StructureDetail['structure']['v5']): string | null {
  if (u.hasV5Licence && !u.v5AppliedHere)
    return 'User has a license but it has *not* been applied to this Structure.';
  if (!u.hasV5Licence && applied && applied.userId !== u.userId)
    return 'User does *not* have a license. Another users license is applied to this Structure.';
  return null;
}

const col = createColumnHelper<StructureUser>();
const userColumns = (
  v5: StructureDetail['structure']['v5'],
  rootGroupId: string,
  empty: boolean,
  userIds: string[],
) => [
  col.accessor('email', {
    header: 'E-mail',
    cell: ({ row: { original: u } }) => (
      <Group gap={4}>
        <Text
          size="sm"
          c={u.authEmailMismatch ? 'red' : undefined}
          fw={u.authEmailMismatch ? 700 : undefined}
        >
          {u.email}
        </Text>
        {u.authEmailMismatch && (
          <Badge color="red" variant="light" size="xs">
            auth e-mail differs
          </Badge>
        )}
        {u.plusMember && (
          <Badge color="grape" size="xs">
            Plus member
          </Badge>
        )}
        <UserLinks user={u} />
      </Group>
    ),
  }),
  col.accessor('userId', { header: 'User id', enableSorting: false }),
  col.display({
    id: 'connected',
    header: 'Connected',
    cell: ({ row: { original: u } }) => <UserConnected userId={u.userId} userIds={userIds} />,
  }),
  col.accessor((u) => u.levels.join(', '), { id: 'levels', header: 'Levels' }),
  col.accessor('structures', { header: 'Structures' }),
  col.accessor('createdDate', { header: 'Created', cell: (c) => formatDate(c.getValue()) }),
  col.display({
    id: 'v5',
    header: 'V5 licence',
    cell: ({ row: { original: u } }) => (
      <Stack gap={0}>
        <Text size="sm">{u.v5AppliedHere ? 'Applied here' : u.hasV5Licence ? 'Held' : 'None'}</Text>
        {licenceNote(u, v5) && (
          <Text size="xs" c="orange">
            {licenceNote(u, v5)}
          </Text>
        )}
      </Stack>
    ),
  }),
  col.display({
    id: 'roles',
    header: 'Roles',
    cell: ({ row: { original: u } }) => <BadgeList items={u.roles} size="xs" variant="outline" />,
  }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: u } }) => <UserActions user={u} rootGroupId={rootGroupId} empty={empty} />,
  }),
];

const ROOT_ACCESS_COLUMNS: Column<StructureDetail['structure']['userRootAccess'][number]>[] = [
  { header: 'User id', cell: (a) => a.userId },
  { header: 'Levels', cell: (a) => a.levels.join(', ') },
  { header: 'Since', cell: (a) => formatDate(a.createdDate) },
];

/** The structure header (seed 001 §2): name, rootGroupId to copy, version, dates, V5 licence, root access, users. */
export function StructureHeader({ detail }: { detail: StructureDetail }) {
  const s = detail.structure;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label="Structure">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1}>{s.name || 'Unnamed structure'}</Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                rootGroupId
              </Text>
              <CopyText value={s.rootGroupId}>
                <Text size="sm" ff="monospace">
                  {s.rootGroupId}
                </Text>
              </CopyText>
            </Group>
            <Text size="sm">
              Version {s.version} · created {formatDate(s.createdDate)} · updated {formatStamp(s.updatedDate)}
            </Text>
            <Text size="sm">
              V5 licence: {s.v5 ? `${s.v5.license} (user ${s.v5.userId})` : 'none applied'}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge variant="light">{detail.counts.devices} devices</Badge>
            <Badge variant="light">{detail.counts.features} features</Badge>
            <Badge variant="light">{detail.counts.groups} groups</Badge>
            <Badge variant="light">{detail.counts.automations} automations</Badge>
          </Group>
        </Group>
        {s.userRootAccess.length > 0 && (
          <ColumnTable
            mt="sm"
            label="User root access"
            withTableBorder
            fz="sm"
            rows={s.userRootAccess}
            columns={ROOT_ACCESS_COLUMNS}
            rowKey={(a) => a.userId}
          />
        )}
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Users">
        <Title order={2} mb="xs">
          Users ({detail.users.length})
        </Title>
        {/* Wide with its actions: it scrolls sideways inside its box, never under the side bar. */}
        <ScrollArea type="auto" offsetScrollbars>
          <DataTable
            label="Users of the structure"
            data={detail.users}
            columns={userColumns(
              s.v5,
              s.rootGroupId,
              detail.hubs.length === 0 && detail.devices.every((c) => c.devices.length === 0),
              detail.users.map((u) => u.userId),
            )}
            rowKey={(u) => u.userId}
            empty="No user has access to this structure."
          />
        </ScrollArea>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Links">
        <Title order={2} mb="xs">
          Links ({detail.hubs.length})
        </Title>
        {detail.hubs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No link in this structure.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {detail.hubs.map((h) => (
              <HubSummary key={h.hubId} hub={h} />
            ))}
          </SimpleGrid>
        )}
      </Paper>
    </Stack>
  );
}

function HubSummary({ hub: h }: { hub: StructureHub }) {
  return (
    <Card withBorder padding="sm" aria-label={`Link ${h.hubId}`}>
      <Group justify="space-between">
        <Group gap="xs">
          <CopyText value={String(h.hubId)}>
            <Text fw={700}>Link {h.hubId}</Text>
          </CopyText>
          <Badge variant="light">{h.hubIdHex}</Badge>
          {h.locked && (
            <Badge color="orange" title={h.lockedSince ? `since ${formatStamp(h.lockedSince)}` : undefined}>
              Locked
            </Badge>
          )}
          {h.homeKitPaired && <Badge variant="outline">HomeKit</Badge>}
        </Group>
        <HubLink hubId={h.hubId}>Live monitor</HubLink>
      </Group>
      <Text size="sm">
        Serial {h.serial || '—'} · firmware {h.firmwareVersion || '—'} · config {h.configNumber} · factory
        resets {h.factoryResets}
      </Text>
      <Text size="sm">
        Added {formatDate(h.createdDate)} · updated {formatStamp(h.updatedDate)}
        {h.locked && h.lockedSince ? ` · locked since ${formatStamp(h.lockedSince)}` : ''}
      </Text>
      <Text size="sm">
        Connection stats: average {h.stats.average.toFixed(1)}, count {h.stats.count}, min {h.stats.min}, max{' '}
        {h.stats.max}
      </Text>
      {h.systemStorageNumber !== 0 && (
        <Text size="sm" c="orange">
          systemStorageNumber NOT 0
        </Text>
      )}
      {h.errorState && (
        <Text size="sm" c="red">
          Link is in ErrorState · Error: {h.errorSyncUpdateId ?? 'no sync update named'}
        </Text>
      )}
      {h.firmwareInfo.length > 0 && (
        <Text size="xs" c="dimmed">
          {h.firmwareInfo.map((f) => `${f.name}: ${f.value}`).join(' · ')}
        </Text>
      )}
    </Card>
  );
}
