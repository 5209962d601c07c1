import { Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { JsonViewer } from './JsonViewer.tsx';
import { foldDepth, JSON_DEPTHS } from './json-depth.ts';

/**
 * A record's details as formatted JSON, opened to a chosen depth (1 to 5; seed 001 §2 "Dialogs").
 * `value` null closes it. Extra content (a dialog's own sections) goes above the JSON.
 */
export function DetailsModal({
  title,
  value,
  onClose,
  initialDepth = 2,
  children,
}: {
  title: string;
  value: unknown;
  onClose: () => void;
  initialDepth?: number;
  children?: ReactNode;
}) {
  const [depth, setDepth] = useState(initialDepth);
  return (
    <Modal opened={value !== null && value !== undefined} onClose={onClose} title={title} size="xl">
      <Stack gap="sm">
        {children}
        <Group gap="xs">
          <Text size="sm">Open depth</Text>
          <SegmentedControl
            size="xs"
            aria-label="Open depth"
            value={String(depth)}
            onChange={(v) => setDepth(Number(v))}
            data={JSON_DEPTHS.map((d) => String(d))}
          />
        </Group>
        <JsonViewer value={foldDepth(value, depth)} label={`${title} JSON`} maxHeight={520} />
      </Stack>
    </Modal>
  );
}
