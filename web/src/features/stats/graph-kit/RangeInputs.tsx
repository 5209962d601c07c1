import { checkRange, type FieldErrors } from '@console/contracts';
import { Group, TextInput } from '@mantine/core';

export interface DayRange {
  /** yyyy-mm-dd or empty (the screen's default). */
  from: string;
  to: string;
}

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
  const errors = rangeErrors(value);
  return (
    <Group gap="md" align="flex-start">
      <TextInput
        type="date"
        label="From"
        w={170}
        value={value.from}
        error={errors.from}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="To"
        w={170}
        value={value.to}
        error={errors.to}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
      />
    </Group>
  );
}
