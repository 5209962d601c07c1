import { Alert, Box, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { WflPanel } from '../wfl-commands/WflPanel.tsx';

/** What each per-WFL panel is given: the WFL it shows and how it closes. */
export interface WflPanelProps {
  wflId: number;
  onClose: () => void;
}

/**
 * One of the per-WFL panels opened from All Details: the WFL panel frame as a named region, its
 * own buttons and a Close button, and the query's error or empty text in one place.
 */
export function ClosablePanel({
  title,
  onClose,
  q,
  empty,
  actions,
  children,
}: {
  title: string;
  onClose: () => void;
  /** The panel's query: a spinner while it fetches, its error in red. */
  q: { isFetching: boolean; error: unknown };
  /** Shown instead of the content when set (the panel has nothing to show). */
  empty?: string | false;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box component="section" aria-label={`${title} panel`}>
      <WflPanel
        title={title}
        fetching={q.isFetching}
        actions={
          <>
            {actions}
            <Button size="xs" variant="default" onClick={onClose}>
              Close
            </Button>
          </>
        }
      >
        {q.error ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
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
