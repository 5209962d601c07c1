import { flag, stamp, text } from './columns.tsx';
import type { PagedTabSpec } from './PagedTable.tsx';
import type { Row } from './tab-pages.ts';

const columns = [
  stamp('createdDate', 'Created'),
  stamp('updatedDate', 'Updated'),
  text('deviceId', 'Device'),
  text('productCode', 'Product'),
  flag('complete', 'Complete'),
  flag('failed', 'Failed', true),
  flag('deleted', 'Deleted', true),
];

/** An item still in the queue: none of complete, failed, deleted (seed 001 §4). */
export const isOpen = (r: Row) => !r.complete && !r.failed && !r.deleted;

/** FW Q (seed 001 §2): firmware queue items, open ones highlighted. */
export const firmwareQueueTab: PagedTabSpec = {
  label: 'Firmware queue',
  operation: 'search.releaseQueue',
  columns,
  details: 'Firmware queue item',
  rowColour: (r) => (isOpen(r) ? 'var(--mantine-color-yellow-1)' : undefined),
};
