import { Grid, Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { AnchorLink } from '../../../shared/shell/RouterLinks.tsx';
import { useCurrentUser } from '../../auth/use-current-user.ts';
import { StructureNotes } from '../../notes/StructureNotes.tsx';
import { structureQueryOptions } from '../queries.ts';
import { SocketLogPanel } from '../socket-log/SocketLogPanel.tsx';
import { CustomerNotes } from './CustomerNotes.tsx';
import { StructureHeader } from './StructureHeader.tsx';
import { StructureMonitor } from './StructureMonitor.tsx';
import { StructureTabs } from './StructureTabs.tsx';
import type { StructureSearch } from './structure-search.ts';
import { defaultCustomer } from './structure-view.ts';

const route = getRouteApi('/_auth/supportPlus/structure/$rootGroupId');

/** One structure in detail (seed 001 §2): header, users, links, the tabs, and the notes side bar. */
export function StructureScreen() {
  const me = useCurrentUser();
  const staffName = me.name || me.email;
  const { rootGroupId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
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
            <StructureTabs detail={detail} tab={tab} onTab={(t) => setSearch({ tab: t })} />
            <StructureMonitor detail={detail} />
            <SocketLogPanel linkIds={detail.hubs.map((h) => h.hubId)} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="xs" component="aside" aria-label="Notes and view history">
            <Title order={2}>Customer notes</Title>
            <CustomerNotes
              users={detail.users}
              customerId={customer}
              onCustomer={(userId) => setSearch({ customer: userId })}
              staffName={staffName}
            />
            <StructureNotes rootGroupId={rootGroupId} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
