import { Checkbox, type CheckboxProps } from '@mantine/core';

/** A checkbox bound to one boolean: `onChange` gets the new value, not the event. */
export function Toggle({
  onChange,
  ...props
}: Omit<CheckboxProps, 'onChange'> & { onChange: (checked: boolean) => void }) {
  return <Checkbox {...props} onChange={(e) => onChange(e.currentTarget.checked)} />;
}
