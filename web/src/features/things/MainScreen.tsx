import { Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageNotFound } from '../../shared/shell/PageNotFound.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { AddThingForm } from './AddThingForm.tsx';
import { thingsQueryOptions } from './queries.ts';
import { RoleDay } from './RoleDay.tsx';
import { ThingList } from './ThingList.tsx';
import { useLeadWord } from './use-lead-word.ts';

/**
 * The main screen (core spec §2 /): the lead word as the title and the things (admins add and
 * delete); between them the person's day by role (RoleDay, issue 30); above them, when an
 * unknown path sent the user here, that the page was not found.
 */
export function MainScreen({ notFound }: { notFound?: string }) {
  const me = useCurrentUser();
  const { data: things } = useSuspenseQuery(thingsQueryOptions());
  const leadWord = useLeadWord(things);
  const isAdmin = me.roles.includes('admin');

  return (
    <Stack gap="lg" maw={1100}>
      {notFound ? <PageNotFound path={notFound} /> : null}
      <Title order={1}>{leadWord ?? 'Staff'} console</Title>
      <RoleDay />
      <Title order={2}>Things</Title>
      {isAdmin && <AddThingForm />}
      <ThingList things={things} canDelete={isAdmin} />
    </Stack>
  );
}
