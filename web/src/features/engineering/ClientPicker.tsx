import { Autocomplete } from '@mantine/core';

/** The consoles' Client box: a channel typed or picked from the list (`onPick` gets the pick). */
export function ClientPicker({
  description,
  data,
  value,
  onChange,
  onPick,
}: {
  description: string;
  data: string[];
  value: string;
  onChange: (value: string) => void;
  onPick: (value: string) => void;
}) {
  return (
    <Autocomplete
      label="Client"
      description={description}
      data={data}
      value={value}
      onChange={onChange}
      onOptionSubmit={onPick}
      w={340}
      limit={50}
    />
  );
}
