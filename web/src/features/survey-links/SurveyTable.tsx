import type { SurveyOnlineRow } from '@console/contracts';
import { Anchor, Button, Text } from '@mantine/core';
import { TitledTable } from '../../shared/ui/TitledTable.tsx';
import { columnsOf, type SurveyRow, type TableId } from './survey-tables.ts';

interface SurveyTableProps {
  id: TableId;
  title: string;
  rows: readonly SurveyRow[];
  baseFirmware: string;
  onOpenId: (row: SurveyRow) => void;
  onBackup: (linkId: number) => void;
  /** Links with a Backup Now under way. */
  backingUp: ReadonlySet<number>;
}

/**
 * One of the three survey tables: the columns its CSV has, the id opening the link's group access,
 * a firmware below the base in red, and a Backup button on the online rows.
 */
export function SurveyTable({
  id,
  title,
  rows,
  baseFirmware,
  onOpenId,
  onBackup,
  backingUp,
}: SurveyTableProps) {
  const columns = columnsOf(id).map((c) => ({
    header: c.header,
    cell: (row: SurveyRow) => {
      if (c.header === 'Id')
        return (
          <Anchor component="button" type="button" size="sm" onClick={() => onOpenId(row)}>
            {c.text(row)}
          </Anchor>
        );
      const issue = c.header === 'Firmware' && (row as SurveyOnlineRow).firmwareVersionIssue;
      return issue ? (
        <Text span size="sm" c="red" title={`Below the base firmware ${baseFirmware}`}>
          {c.text(row)}
        </Text>
      ) : (
        c.text(row)
      );
    },
  }));
  if (id !== 'error')
    columns.push({
      header: 'Backup',
      cell: (row) => (
        <Button
          size="compact-xs"
          variant="light"
          title="Backup now (may take a while)"
          aria-label={`Backup ${row.linkId}`}
          loading={backingUp.has(row.linkId)}
          onClick={() => onBackup(row.linkId)}
        >
          Backup
        </Button>
      ),
    });
  return (
    <TitledTable
      order={2}
      title={title}
      rows={rows}
      columns={columns}
      rowKey={(r) => r.linkId}
      empty="No links"
    />
  );
}
