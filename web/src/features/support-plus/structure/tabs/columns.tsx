import { Badge } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { formatStamp } from '../../../../shared/ui/dates.ts';
import { at, type Row } from './tab-pages.ts';

const col = createColumnHelper<Row>();

/** A column of a value at a dotted path, shown as text. */
export const text = (path: string, header: string) =>
  col.accessor((r) => String(at(r, path) ?? ''), { id: path, header });

/** A column of a moment at a path, as dd/MM/yy HH:mm:ss (seed 001 §9). */
export const stamp = (path: string, header: string) =>
  col.accessor((r) => (at(r, path) as string | undefined) ?? '', {
    id: path,
    header,
    cell: (c) => formatStamp(c.getValue() || null),
  });

/** A yes/no flag as a badge; `alarm` colours a true value red. */
export const flag = (path: string, header: string, alarm = false) =>
  col.accessor((r) => Boolean(at(r, path)), {
    id: path,
    header,
    cell: (c) =>
      c.getValue() ? (
        <Badge size="xs" color={alarm ? 'red' : 'teal'}>
          yes
        </Badge>
      ) : (
        <Badge size="xs" variant="outline" color="gray">
          no
        </Badge>
      ),
  });

export const custom = col.display;
export const accessor = col.accessor;
