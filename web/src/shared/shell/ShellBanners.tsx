import { Alert, Button, Group, Text } from '@mantine/core';
import { DatabaseBanner } from './DatabaseBanner.tsx';
import { useAppUpdated } from './use-app-updated.ts';

/** The banners above every screen: a new build of the app, and the test database. */
export function ShellBanners() {
  const updated = useAppUpdated();
  return (
    <>
      {updated && (
        <Alert color="blue" mb="sm" py={6} aria-label="App updated">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">The app has been updated, please refresh.</Text>
            <Button size="compact-sm" onClick={() => window.location.reload()}>
              Refresh
            </Button>
          </Group>
        </Alert>
      )}
      <DatabaseBanner />
    </>
  );
}
