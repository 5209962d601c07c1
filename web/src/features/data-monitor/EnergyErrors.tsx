import { DATA_MONITOR, type DataMonitorFormat, type EnergyError } from '@console/contracts';
import { Alert, List } from '@mantine/core';
import { formatStamp } from '../../shared/ui/dates.ts';

/** The rejected differences of the whole range (seed 000 §8): at most 100 listed, all counted. */
export function EnergyErrors({
  errors,
  total,
  format,
}: {
  errors: readonly EnergyError[];
  total: number;
  format: DataMonitorFormat;
}) {
  if (!total) return null;
  const more = total - errors.length;
  return (
    <Alert color="orange" title={`${total} rejected readings (${DATA_MONITOR.useDiffError})`}>
      <List size="sm" aria-label="Rejected readings">
        {errors.map((e) => (
          <List.Item key={`${e.serial}|${e.mac}|${e.time}`}>
            {format === 'formatted' ? formatStamp(e.time) : e.time} {e.serial}: {e.message} ({e.diff})
          </List.Item>
        ))}
      </List>
      {more > 0 && `… and ${more} more (the first ${DATA_MONITOR.maxErrors} are listed)`}
    </Alert>
  );
}
