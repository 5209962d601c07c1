import { Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { thingsQueryOptions } from '../features/things/queries.ts';
import { useLeadWord } from '../features/things/use-lead-word.ts';
import { AddThingForm } from './-components/main/AddThingForm.tsx';
import { ThingList } from './-components/main/ThingList.tsx';

export const Route = createFileRoute('/_auth/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(thingsQueryOptions()),
  component: MainScreen,
});

function MainScreen() {
  const me = useCurrentUser();
  const { data: things } = useSuspenseQuery(thingsQueryOptions());
  const leadWord = useLeadWord(things);
  const isAdmin = me.roles.includes('admin');

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{leadWord ?? 'Staff'} console</Title>
      {isAdmin && <AddThingForm />}
      <ThingList things={things} canDelete={isAdmin} />
    </Stack>
  );
}
