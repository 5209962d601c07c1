import { Alert, Box, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client.ts';
import { WflPanel } from '../wfl-commands/WflPanel.tsx';

/**
 * One of the per-WFL panels opened from All Details: the WFL panel frame as a named region, its
 * own buttons and a Close button, and the query's error or empty text in one place.
 */
export function ClosablePanel({
  title,
  onClose,
  fetching,
  error,
  empty,
  actions,
  children,
}: {
  title: string;
  onClose: () => void;
  fetching: boolean;
  error: unknown;
  /** Shown instead of the content when set (the panel has nothing to show). */
  empty?: string | false;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box component="section" aria-label={`${title} panel`}>
      <WflPanel
        title={title}
        fetching={fetching}
        actions={
          <>
            {actions}
            <Button size="xs" variant="default" onClick={onClose}>
              Close
            </Button>
          </>
        }
      >
        {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
        {empty ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children
        )}
      </WflPanel>
    </Box>
  );
}
