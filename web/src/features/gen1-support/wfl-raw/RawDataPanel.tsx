import type { Gen1Account } from '@console/contracts';
import { Alert, Button, Code, Text } from '@mantine/core';
import { useState } from 'react';
import { WflPanel } from '../wfl-commands/WflPanel.tsx';
import { wflRawData } from './raw-data.ts';

/** A WFL's errors, and all its raw data as the server sent it (shown on demand). */
export function RawDataPanel({ account, wflId }: { account: Gen1Account; wflId: number }) {
  const [shown, setShown] = useState(false);
  const data = wflRawData(account, wflId);
  return (
    <WflPanel
      title="All raw data"
      actions={
        <Button size="compact-sm" variant="default" onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </Button>
      }
    >
      {data.errors.length === 0 ? (
        <Text size="sm" c="dimmed">
          No errors in this WFL's data.
        </Text>
      ) : (
        <Alert color="red" title="Errors" role="alert">
          {data.errors.map((e) => (
            <Text key={`${e.kind}-${e.id}`} size="sm">
              {e.message}
            </Text>
          ))}
        </Alert>
      )}
      {shown && (
        <Code block aria-label="Raw data">
          {JSON.stringify(data, null, 2)}
        </Code>
      )}
    </WflPanel>
  );
}
