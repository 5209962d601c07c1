import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { bound } from './bound.ts';

export interface DateInputProps extends Omit<TextInputProps, 'type' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** A date and time (`datetime-local`) instead of a day (`date`). */
  time?: boolean;
}

/** A day (yyyy-mm-dd) or local date-time input; `onChange` hands the input's text. */
export function DateInput({ value, onChange, time = false, ...props }: DateInputProps) {
  return <TextInput {...props} type={time ? 'datetime-local' : 'date'} {...bound(value, onChange)} />;
}

/** A from/to pair as the inputs hold it (empty text: not set). */
export interface DateRange {
  from: string;
  to: string;
}

export interface DateRangeInputsProps<R extends DateRange> {
  value: R;
  /** The whole value back with `from` or `to` changed (a form may hold more fields beside them). */
  onChange: (value: R) => void;
  /** The two inputs' labels; 'From' and 'To' unless a screen names them otherwise. */
  labels?: readonly [string, string];
  time?: boolean;
  errors?: { from?: ReactNode; to?: ReactNode };
  w?: number;
  required?: boolean;
}

/** The from and to inputs of a range, side by side in the caller's row. */
export function DateRangeInputs<R extends DateRange>({
  value,
  onChange,
  labels = ['From', 'To'],
  errors,
  ...shared
}: DateRangeInputsProps<R>) {
  return (['from', 'to'] as const).map((end, i) => (
    <DateInput
      {...shared}
      key={end}
      label={labels[i]}
      value={value[end]}
      error={errors?.[end]}
      onChange={(text) => onChange({ ...value, [end]: text })}
    />
  ));
}

/** A row of query fields with a 'Query' button; submitting (button or Enter) calls `onQuery`. */
export function QueryForm({
  label,
  onQuery,
  children,
}: {
  label: string;
  onQuery: () => void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onQuery();
      }}
    >
      <Group align="end" gap="xs">
        {children}
        <Button type="submit" size="sm">
          Query
        </Button>
      </Group>
    </form>
  );
}
