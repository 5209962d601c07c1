import { Autocomplete } from '@mantine/core';

/**
 * The consoles' Client box: a channel typed or picked from the list. `client` is the box's text and
 * its setter; `onPick` gets a picked entry.
 */
export function ClientPicker(props: {
  description: string;
  data: string[];
  client: [string, (value: string) => void];
  onPick: (value: string) => void;
}) {
  const [value, onChange] = props.client;
  return (
    <Autocomplete
      label="Client"
      {...{ value, onChange, description: props.description, data: props.data }}
      onOptionSubmit={props.onPick}
      w={340}
      limit={50}
    />
  );
}
