import { Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { AddThingForm } from '../features/things/AddThingForm.tsx';
import { thingsQueryOptions } from '../features/things/queries.ts';
import { ThingList } from '../features/things/ThingList.tsx';
import { useLeadWord } from '../features/things/use-lead-word.ts';

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
