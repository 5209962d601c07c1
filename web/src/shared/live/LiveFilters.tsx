import { CLIENT_TYPES, MESSAGE_CLASSES, type TopicFilter } from '@console/contracts';
import { MultiSelect, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { bound } from '../ui/bound.ts';

interface Props {
  filter: TopicFilter;
  /** Operations seen so far; any other can be typed. */
  operations: string[];
  onChange(filter: TopicFilter): void;
}

const clean = (f: TopicFilter): TopicFilter => ({
  ...(f.clientTypes?.length ? { clientTypes: f.clientTypes } : {}),
  ...(f.classes?.length ? { classes: f.classes } : {}),
  ...(f.operations?.length ? { operations: f.operations } : {}),
  ...(f.text?.trim() ? { text: f.text.trim() } : {}),
});

/** The filters picked from a fixed list. */
const CHOICE_FILTERS = [
  { key: 'clientTypes', label: 'Client types', data: [...CLIENT_TYPES], searchable: false },
  { key: 'classes', label: 'Classes', data: [...MESSAGE_CLASSES], searchable: true },
] as const;

/** The monitor's filters; the server applies them, so a filter also narrows the back-fill. */
export function LiveFilters({ filter, operations, onChange }: Props) {
  const [text, setText] = useState(filter.text ?? '');
  // Seed 001 §9: text filters wait 200 ms after typing stops.
  const [debounced] = useDebouncedValue(text, 200);
  const set = (change: TopicFilter) => onChange(clean({ ...filter, ...change }));

  useEffect(() => {
    if ((debounced.trim() || undefined) !== filter.text) onChange(clean({ ...filter, text: debounced }));
  }, [debounced, filter, onChange]);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
      {CHOICE_FILTERS.map(({ key, label, data, searchable }) => (
        <MultiSelect
          key={key}
          label={label}
          placeholder="All"
          data={data}
          value={filter[key] ?? []}
          onChange={(picked) => set({ [key]: picked })}
          searchable={searchable}
          clearable
        />
      ))}
      <TagsInput
        label="Operations"
        placeholder="All"
        data={operations}
        value={filter.operations ?? []}
        onChange={(ops) => set({ operations: ops })}
        clearable
      />
      <TextInput label="Search" placeholder="Any text" {...bound(text, setText)} />
    </SimpleGrid>
  );
}
