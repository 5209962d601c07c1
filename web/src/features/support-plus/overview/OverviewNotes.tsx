import { Alert, List, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/client.ts';
import { AnchorLink } from '../../../shared/shell/RouterLinks.tsx';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { myViewsQueryOptions, recentNotesQueryOptions } from '../../notes/queries.ts';

/** A customer id as a Support Plus search (a user id finds the user and their structures). */
function CustomerLink({ customerId }: { customerId: string }) {
  return (
    <AnchorLink to="/supportPlus" search={{ searchterm: customerId }} size="sm">
      {customerId}
    </AnchorLink>
  );
}

/**
 * The overview side bar's Notes and View History (seed 001 §2), with no customer chosen: the newest
 * support notes on any customer, and the customers this staff member viewed last; each opens the
 * customer's search.
 */
export function OverviewNotes() {
  const notes = useQuery(recentNotesQueryOptions());
  const views = useQuery(myViewsQueryOptions());
  return (
    <>
      <Paper withBorder p="md" component="section" aria-label="Notes">
        <Title order={3} mb="xs">
          Notes
        </Title>
        {notes.isError && <Alert color="red">{errorMessage(notes.error)}</Alert>}
        {notes.data?.length === 0 && <Text size="sm">No results found</Text>}
        <List listStyleType="none" spacing={6} aria-label="Recent notes">
          {notes.data?.map((n) => (
            <List.Item key={n.id}>
              <Text size="xs" c="dimmed">
                {formatStamp(n.updatedDate)} · {n.automatic ? 'system' : n.userId}
              </Text>
              <CustomerLink customerId={n.customerId} />
              <Text size="sm" lineClamp={3}>
                {n.notes}
              </Text>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="View History">
        <Title order={3} mb="xs">
          View History
        </Title>
        {views.isError && <Alert color="red">{errorMessage(views.error)}</Alert>}
        {views.data?.length === 0 && <Text size="sm">You have not viewed a customer yet.</Text>}
        <List listStyleType="none" spacing={4} aria-label="Customers you viewed">
          {views.data?.map((v) => (
            <List.Item key={v.customerId}>
              <CustomerLink customerId={v.customerId} />{' '}
              <Text span size="xs" c="dimmed">
                {formatStamp(v.createdDate)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Paper>
    </>
  );
}
