import { checkRange, type FieldErrors } from '@console/contracts';
import { Group } from '@mantine/core';
import { type DateRange, DateRangeInputs } from '../../../shared/ui/DateInput.tsx';

/** yyyy-mm-dd days or empty (the screen's default). */
export type DayRange = DateRange;

/** The range as the API takes it: from the start of `from` to the end of `to` (UTC). */
export function rangeQuery(r: DayRange): { from?: string; to?: string } {
  return {
    from: r.from ? `${r.from}T00:00:00Z` : undefined,
    to: r.to ? `${r.to}T23:59:59Z` : undefined,
  };
}

export function rangeErrors(r: DayRange): FieldErrors {
  const q = rangeQuery(r);
  return checkRange(q.from, q.to);
}

/** From and to dates; empty means the screen's default range ending with the latest data. */
export function RangeInputs({ value, onChange }: { value: DayRange; onChange: (r: DayRange) => void }) {
  return (
    <Group gap="md" align="flex-start">
      <DateRangeInputs w={170} value={value} errors={rangeErrors(value)} onChange={onChange} />
    </Group>
  );
}
