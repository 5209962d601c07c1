import { SEARCH_PAGE_SIZES, SEARCH_TEXT } from '@console/contracts';
import { Anchor, Badge, Group, Pagination, ScrollArea, Select, Table, Text } from '@mantine/core';
import { TableHead } from '../../../shared/ui/ColumnTable.tsx';
import { formatDay } from '../../../shared/ui/dates.ts';
import type { SearchRun } from '../queries.ts';
import { shownMac } from '../wfl-display.ts';
import type { PageSize } from './criteria.ts';

interface ResultsTableProps {
  run: SearchRun;
  onOpen: (userId: number) => void;
  onPage: (offset: number) => void;
  onPageSize: (limit: PageSize) => void;
}

const HEADERS = ['User id', 'E-mail', 'Username', 'Name', 'Role', 'Active', 'Updated', 'WFLs', 'Devices'];

/** The paginated result table, one column per header field; the e-mail opens the detail. */
export function ResultsTable({ run, onOpen, onPage, onPageSize }: ResultsTableProps) {
  const { rows, total, totalExact, limit, offset } = run.result;
  // The server pages through the first 1000 matches.
  const pages = Math.max(1, Math.ceil(Math.min(total, 1000 + limit) / limit));
  const page = Math.floor(offset / limit) + 1;
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" aria-live="polite">
          {total === 0
            ? SEARCH_TEXT.noWfl
            : `${totalExact ? total : `More than ${total}`} account${total === 1 ? '' : 's'} found`}
        </Text>
        <Select
          label="Page size"
          w={110}
          data={SEARCH_PAGE_SIZES.map(String)}
          value={String(limit)}
          allowDeselect={false}
          onChange={(v) => v && onPageSize(Number(v) as PageSize)}
        />
      </Group>
      {rows.length > 0 && (
        <ScrollArea>
          <Table striped highlightOnHover aria-label="Search results" miw={900}>
            <TableHead headers={HEADERS} />
            <Table.Tbody>
              {rows.map(({ user, wfls, devices }) => (
                <Table.Tr key={user.user_id}>
                  <Table.Td>{user.user_id}</Table.Td>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => onOpen(user.user_id)}>
                      {user.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>{user.role ?? ''}</Table.Td>
                  <Table.Td>{user.active}</Table.Td>
                  <Table.Td>{formatDay(user.updated)}</Table.Td>
                  <Table.Td>
                    {wfls.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {SEARCH_TEXT.noWfl}
                      </Text>
                    ) : (
                      wfls.map((w) => (
                        <Group key={w.wfl_id} gap={4} wrap="nowrap">
                          <Badge size="xs" color={w.online ? 'green' : 'gray'} variant="dot">
                            {shownMac(w)}
                          </Badge>
                          <Text size="xs">{w.name}</Text>
                        </Group>
                      ))
                    )}
                  </Table.Td>
                  <Table.Td>
                    {devices.map((d) => (
                      <Text key={d.device_id} size="xs">
                        {d.name} · {d.serial} (#{d.device_id})
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={(p) => onPage((p - 1) * limit)}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      )}
    </>
  );
}
