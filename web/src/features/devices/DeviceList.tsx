import type { DeviceListRow } from '@console/contracts';
import { Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ColumnTable } from '../../shared/ui/ColumnTable.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { RowButton } from '../../shared/ui/RowButton.tsx';
import { CommandSelector } from './CommandSelector.tsx';
import type { DeviceSelection } from './params.ts';
import { deviceListQueryOptions } from './queries.ts';

const yes = (b: boolean) => (b ? 'yes' : 'no');
const commandsLabel = (n: number) => `${n} ${n === 1 ? 'command' : 'commands'}`;

export interface DeviceListProps {
  selection: DeviceSelection;
  onSelect: (next: DeviceSelection) => void;
}

/**
 * The device list of /devices and /profile (seed 000 §2): the command selector over the Gen1
 * device types, and the types themselves. Catalogue only: it needs no login and shows no
 * customer's devices.
 */
export function DeviceList({ selection, onSelect }: DeviceListProps) {
  const q = useQuery(deviceListQueryOptions());
  if (q.isError) return <ErrorAlert error={q.error} title="The device list could not be loaded" />;
  if (q.isPending) return <Loader size="sm" aria-label="Loading" />;
  return (
    <Stack gap="md">
      <CommandSelector types={q.data} selection={selection} onSelect={onSelect} />
      <ColumnTable<DeviceListRow>
        label="Device types"
        withTableBorder
        rows={q.data}
        rowKey={(t) => t.deviceTypeId}
        columns={[
          { header: 'Name', cell: (t) => t.name },
          { header: 'WLF code', cell: (t) => t.wlfCode },
          { header: 'Heating', cell: (t) => yes(t.heating) },
          { header: 'Active', cell: (t) => yes(t.active) },
          {
            header: 'Commands',
            cell: (t) => (
              <RowButton
                disabled={t.commandCount === 0}
                aria-label={`Choose ${t.name}: ${commandsLabel(t.commandCount)}`}
                onClick={() => onSelect({ type: t.deviceTypeId })}
              >
                {commandsLabel(t.commandCount)}
              </RowButton>
            ),
          },
        ]}
      />
    </Stack>
  );
}
