import type { StructureDetail } from '@console/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../../shared/ui/DataTable.tsx';

type Problem = StructureDetail['problems'][number];
const col = createColumnHelper<Problem>();
const columns = [
  col.accessor('source', { header: 'Source' }),
  col.accessor('message', { header: 'Message' }),
];

/** The Errors tab (seed 001 §8): the structure's data-quality problems, source and message. */
export function ErrorsTab({ problems }: { problems: Problem[] }) {
  return (
    <DataTable
      label="Problems"
      data={problems}
      columns={columns}
      rowKey={(p, i) => `${i}:${p.source}`}
      empty="No problems found in this structure."
      height={480}
    />
  );
}
