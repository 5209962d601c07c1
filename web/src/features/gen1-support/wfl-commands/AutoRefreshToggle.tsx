import { Switch } from '@mantine/core';
import { formatTimeOfDay } from '../../../shared/ui/dates.ts';

/** The panels' auto-refresh toggle: on or off, and the time it stops at while on. */
export function AutoRefreshToggle({
  on,
  stopAt,
  onToggle,
}: {
  on: boolean;
  stopAt: number | null;
  onToggle: () => void;
}) {
  return (
    <Switch
      label="Auto-refresh"
      description={on && stopAt !== null ? `Stops at ${formatTimeOfDay(stopAt)}` : 'Off'}
      checked={on}
      onChange={onToggle}
    />
  );
}
