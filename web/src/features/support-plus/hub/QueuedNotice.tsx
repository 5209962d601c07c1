import { HUB_ACTION_TEXT, QUEUED_RELOAD_MS } from '@console/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * After a successful Remove Link or Sync Link: queued, may take time, reloads after 10 s unless
 * 'Refresh now' is chosen first (Support Plus spec §4).
 */
export function QueuedNotice({ action, onReload }: { action: string; onReload: () => void }) {
  const [left, setLeft] = useState(Math.round(QUEUED_RELOAD_MS / 1000));
  const reload = useRef(onReload);
  reload.current = onReload;

  useEffect(() => {
    const started = Date.now();
    const tick = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((QUEUED_RELOAD_MS - (Date.now() - started)) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(tick);
        reload.current();
      }
    }, 250);
    return () => clearInterval(tick);
  }, []);

  return (
    <Alert color="blue" title={`${action} queued`} role="status">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {HUB_ACTION_TEXT.queued} ({left} s)
        </Text>
        <Button size="xs" variant="light" onClick={() => reload.current()}>
          Refresh now
        </Button>
      </Group>
    </Alert>
  );
}
