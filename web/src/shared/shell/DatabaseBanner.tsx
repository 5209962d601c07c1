import { Alert, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useMaybeCurrentUser } from '../../features/auth/use-current-user.ts';
import { connectedDbQueryOptions } from './queries.ts';

const useConnectedDb = () => {
  const me = useMaybeCurrentUser();
  const admin = Boolean(me?.roles.includes('admin'));
  return useQuery({ ...connectedDbQueryOptions(), enabled: admin });
};

/** The header's database indicator: test or live (admins only; seed 002 §2 "Shared shell"). */
export function DatabaseIndicator() {
  const { data } = useConnectedDb();
  if (!data) return null;
  return (
    <Badge color={data.db === 'test' ? 'orange' : 'teal'} variant="light" title={data.reason}>
      DB: {data.db}
    </Badge>
  );
}

/**
 * When the console reads a test database, a banner says so, with Change (admins only): the
 * connected databases (server and name, never credentials) and how this deployment switches them.
 */
export function DatabaseBanner() {
  const { data } = useConnectedDb();
  const [open, setOpen] = useState(false);
  if (data?.db !== 'test') return null;
  return (
    <>
      <Alert color="orange" mb="sm" py={6} aria-label="Database">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">This console is connected to a test database. {data.reason}</Text>
          <Button size="compact-sm" variant="light" color="orange" onClick={() => setOpen(true)}>
            Change
          </Button>
        </Group>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title="Change database">
        <Stack gap="sm">
          <List size="sm" aria-label="Connected databases">
            {data.databases.map((d) => (
              <List.Item key={d.store}>
                {d.store}: database {d.database} on {d.server} ({d.holds})
              </List.Item>
            ))}
          </List>
          <Text size="sm">{data.how}</Text>
          {!data.switchable && (
            <Text size="sm" fw={600}>
              Switching from the console: not allowed by this deployment.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
