import { Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { AnchorLink } from '../../shared/shell/RouterLinks.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { isOldLogin } from '../staff-users/old-login.ts';
import { staffUsersQueryOptions } from '../staff-users/queries.ts';
import { hostsQueryOptions, servicesQueryOptions } from '../supervisor/queries.ts';
import { dayParts, reportEntries, type Unhealthy, unhealthyHosts, unhealthyServices } from './role-day.ts';

/**
 * The top of the main screen: the signed-in person's day by role (issue 30) — support's search
 * and overview, the system's services and hosts with what is unhealthy, the staff users, the
 * marketing reports. The things list stays below it, where the seed puts it.
 */
export function RoleDay() {
  const me = useCurrentUser();
  const parts = dayParts(me.roles);
  if (parts.length === 0) return null;
  return (
    <section aria-label="Your day">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {parts.includes('support') && <SupportPart />}
        {parts.includes('system') && <SystemPart withHosts={me.roles.includes('admin')} />}
        {parts.includes('users') && <UsersPart />}
        {parts.includes('reports') && <ReportsPart />}
      </SimpleGrid>
    </section>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} mb="xs">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

function SupportPart() {
  return (
    <Part title="Customers">
      <Text size="sm">Find a customer, a structure or a hub, and see the live overview of the fleet.</Text>
      <Group gap="md">
        <AnchorLink to="/supportPlus">Search and overview</AnchorLink>
        <AnchorLink to="/support">Gen1 support</AnchorLink>
      </Group>
    </Part>
  );
}

/** What needs a look, or that all is well; a query's failure said as a sentence. */
function Health({
  label,
  items,
  error,
  pending,
  total,
}: {
  label: string;
  items: Unhealthy[] | undefined;
  error: unknown;
  pending: boolean;
  total: number;
}) {
  return (
    <Stack gap={2} role="group" aria-label={`${label} health`}>
      {pending ? (
        <Text size="sm">Loading the {label}…</Text>
      ) : error ? (
        <Text size="sm" c="red">
          The {label} could not be read: {errorMessage(error)}
        </Text>
      ) : !items || items.length === 0 ? (
        <Text size="sm">
          All {total} {label} are well.
        </Text>
      ) : (
        <>
          <Text size="sm" c="red" fw={600}>
            {items.length} of {total} {label} need a look:
          </Text>
          <List size="sm">
            {items.map((u) => (
              <List.Item key={u.name}>
                {u.name}: {u.why}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

function SystemPart({ withHosts }: { withHosts: boolean }) {
  // Every 10 s here (the services screen itself refreshes every 2 s).
  const services = useQuery({ ...servicesQueryOptions(), refetchInterval: 10_000 });
  const hosts = useQuery({ ...hostsQueryOptions(), enabled: withHosts });
  return (
    <Part title="System">
      <Health
        label="services"
        items={services.data && unhealthyServices(services.data)}
        error={services.error}
        pending={services.isPending}
        total={services.data?.services.length ?? 0}
      />
      {withHosts && (
        <Health
          label="hosts"
          items={hosts.data && unhealthyHosts(hosts.data.hosts)}
          error={hosts.error}
          pending={hosts.isPending}
          total={hosts.data?.hosts.length ?? 0}
        />
      )}
      <Group gap="md">
        <AnchorLink to="/services">Services</AnchorLink>
        {withHosts && <AnchorLink to="/supervisord">Hosts</AnchorLink>}
      </Group>
    </Part>
  );
}

function UsersPart() {
  const users = useQuery(staffUsersQueryOptions());
  const list = users.data;
  return (
    <Part title="Staff users">
      {users.isPending && <Text size="sm">Loading the staff users…</Text>}
      {users.isError && (
        <Text size="sm" c="red">
          The staff users could not be read: {errorMessage(users.error)}
        </Text>
      )}
      {list && (
        <Text size="sm">
          {list.length} staff users, {list.filter((u) => isOldLogin(u)).length} with no login in two months.
        </Text>
      )}
      <Group gap="md">
        <AnchorLink to="/admin">Manage staff users</AnchorLink>
      </Group>
    </Part>
  );
}

function ReportsPart() {
  const me = useCurrentUser();
  const entries = reportEntries(me.roles);
  return (
    <Part title="Reports">
      <Group gap="md">
        {entries.map((e) => (
          <AnchorLink key={e.path} to="/$" params={{ _splat: e.path.slice(1) }} size="sm">
            {e.label}
          </AnchorLink>
        ))}
      </Group>
    </Part>
  );
}
