import { allows, LIVE_TOPIC_ACCESS } from '@console/contracts';
import { Alert, Badge, Grid, Stack, Tabs, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { AnchorLink } from '../features/shell/links.tsx';
import { structureQueryOptions } from '../features/support-plus/queries.ts';
import { AutomationsTab } from '../features/support-plus/structure/AutomationsTab.tsx';
import { CustomerNotes } from '../features/support-plus/structure/CustomerNotes.tsx';
import { DevicesTab } from '../features/support-plus/structure/DevicesTab.tsx';
import { ErrorsTab } from '../features/support-plus/structure/ErrorsTab.tsx';
import { FeaturesTab } from '../features/support-plus/structure/FeaturesTab.tsx';
import { GroupsTab } from '../features/support-plus/structure/GroupsTab.tsx';
import { StructureHeader } from '../features/support-plus/structure/StructureHeader.tsx';
import { defaultCustomer } from '../features/support-plus/structure/structure-view.ts';

const TABS = ['errors', 'devices', 'groups', 'automations', 'features'] as const;
type Tab = (typeof TABS)[number];

export interface StructureSearch {
  tab?: Tab;
  /** Whose notes and view history the side bar shows (a user of the structure). */
  customer?: string;
}

/** /supportPlus/structure/:rootGroupId — one structure in detail (seed 001 §2), with notes and view history. */
export const Route = createFileRoute('/_auth/supportPlus/structure/$rootGroupId')({
  validateSearch: (raw: Record<string, unknown>): StructureSearch => ({
    ...(TABS.includes(raw.tab as Tab) ? { tab: raw.tab as Tab } : {}),
    ...(typeof raw.customer === 'string' && raw.customer.length <= 120 ? { customer: raw.customer } : {}),
  }),
  loader: async ({ context, params }) => {
    if (allows(LIVE_TOPIC_ACCESS.structure, context.me.roles))
      await context.queryClient.ensureQueryData(structureQueryOptions(params.rootGroupId));
  },
  component: StructurePage,
});

function StructurePage() {
  const me = useCurrentUser();
  if (!allows(LIVE_TOPIC_ACCESS.structure, me.roles)) {
    return (
      <Alert color="orange" title="Not for your roles" maw={640}>
        Support Plus is for support and developers.
      </Alert>
    );
  }
  return <StructureDetailView staffName={me.name || me.email} />;
}

function StructureDetailView({ staffName }: { staffName: string }) {
  const { rootGroupId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: detail } = useSuspenseQuery(structureQueryOptions(rootGroupId));
  const tab = search.tab ?? (detail.problems.length > 0 ? 'errors' : 'devices');
  const known = detail.users.some((u) => u.userId === search.customer);
  const customer = known ? (search.customer as string) : defaultCustomer(detail);
  const setSearch = (next: StructureSearch) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });

  return (
    <Stack gap="md">
      <AnchorLink to="/supportPlus" size="sm">
        ← Support Plus
      </AnchorLink>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Stack gap="md">
            <StructureHeader detail={detail} />
            <Tabs value={tab} onChange={(v) => v && setSearch({ tab: v as Tab })} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab
                  value="errors"
                  rightSection={
                    detail.problems.length > 0 ? (
                      <Badge size="xs" color="red" circle>
                        {detail.problems.length}
                      </Badge>
                    ) : undefined
                  }
                >
                  Errors
                </Tabs.Tab>
                <Tabs.Tab value="devices">Devices</Tabs.Tab>
                <Tabs.Tab value="groups">Groups</Tabs.Tab>
                <Tabs.Tab value="automations">Automations</Tabs.Tab>
                <Tabs.Tab value="features">Features</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="errors" pt="md">
                <ErrorsTab problems={detail.problems} />
              </Tabs.Panel>
              <Tabs.Panel value="devices" pt="md">
                <DevicesTab devices={detail.devices} />
              </Tabs.Panel>
              <Tabs.Panel value="groups" pt="md">
                <GroupsTab groups={detail.groups} />
              </Tabs.Panel>
              <Tabs.Panel value="automations" pt="md">
                <AutomationsTab detail={detail} />
              </Tabs.Panel>
              <Tabs.Panel value="features" pt="md">
                <FeaturesTab features={detail.features} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="xs" component="aside" aria-label="Notes and view history">
            <Title order={4}>Customer notes</Title>
            <CustomerNotes
              users={detail.users}
              customerId={customer}
              onCustomer={(userId) => setSearch({ customer: userId })}
              staffName={staffName}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
