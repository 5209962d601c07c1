import { Paper, Stack, Table, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { BadgeList } from '../../shared/ui/BadgeList.tsx';
import { DeviceList } from '../devices/DeviceList.tsx';
import { useCurrentUser } from './use-current-user.ts';

const route = getRouteApi('/_auth/profile');

/** /profile (seed 000 §2 "Device list."): who is signed in, then the device list of /devices. */
export function ProfileScreen() {
  const me = useCurrentUser();
  const selection = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>Profile</Title>
      <Paper withBorder p="md" component="section" aria-label="Your profile" maw={560}>
        <Table variant="vertical" aria-label="Signed in as">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={120}>Name</Table.Th>
              <Table.Td>{me.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Td>{me.email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Roles</Table.Th>
              <Table.Td>
                <BadgeList items={me.roles} variant="light" />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Title order={2}>Devices</Title>
      <DeviceList selection={selection} onSelect={(next) => navigate({ search: next, replace: true })} />
    </Stack>
  );
}
