import { Box, CopyButton, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** What it wraps copies `value` to the clipboard on a click, with a 'Click to copy' / 'Copied' tip. */
export function CopyText({ value, children }: { value: string; children: ReactNode }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Click to copy'}>
          <Box onClick={copy} style={{ cursor: 'pointer' }}>
            {children}
          </Box>
        </Tooltip>
      )}
    </CopyButton>
  );
}
