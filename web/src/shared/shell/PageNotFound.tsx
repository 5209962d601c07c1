import { Alert, Anchor, Text } from '@mantine/core';

/** The search of `/` after an unknown path sent the user there: the path they asked for. */
export const readNotFound = (search: Record<string, unknown>): { notFound?: string } =>
  typeof search.notFound === 'string' && search.notFound ? { notFound: search.notFound } : {};

/**
 * Says that the page asked for does not exist (the seed sends an unknown path to the main
 * screen; this says so instead of landing there silently), with a way back.
 */
export function PageNotFound({ path }: { path: string }) {
  return (
    <Alert color="orange" title="Page not found" role="alert">
      <Text size="sm">
        There is no page at <code>{path}</code>, so you are on the main screen. Choose a screen from the menu,
        or{' '}
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="inherit"
          underline="always"
          onClick={() => window.history.back()}
        >
          go back
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
