import { AUTOCOMPLETE, displayMac, normalizeMac } from '@console/contracts';
import { Autocomplete, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import { autocompleteQueryOptions } from '../queries.ts';
import {
  ADVANCED_OPTIONS,
  type AdvancedOption,
  type AdvancedState,
  advancedOf,
  advancedValue,
  type Criteria,
  criteriaError,
  NO_ADVANCED,
  OPTION_LABELS,
  setAdvanced,
} from './criteria.ts';

export interface SearchFormProps {
  initial: Criteria;
  onSearch: (criteria: Criteria) => void;
  /** Label of the basic box. */
  userLabel: string;
  /** The legacy support page hides the advanced options behind 'More'; otherwise they always show. */
  moreToggle: boolean;
  labels?: Partial<Record<AdvancedOption, string>>;
  /** Extra controls beside the Search button (the Debug checkbox). */
  extra?: ReactNode;
  /** Whether the basic box suggests (support, dev; the suggestions call is theirs only). */
  suggest: boolean;
}

/** The Gen1 search criteria: the basic box with autocomplete, and one advanced option at a time. */
export function SearchForm({
  initial,
  onSearch,
  userLabel,
  moreToggle,
  labels,
  extra,
  suggest,
}: SearchFormProps) {
  const [text, setText] = useState(initial.searchterm ?? '');
  const [advanced, setAdvancedState] = useState<AdvancedState>(advancedOf(initial));
  const [more, setMore] = useState(!moreToggle || advanced.active !== null);
  const [error, setError] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(text, 500);
  const suggestions = useQuery({
    ...autocompleteQueryOptions(debounced),
    enabled: suggest && debounced.trim().length >= AUTOCOMPLETE.gen1MinChars,
  });
  const macs = new Set((suggestions.data ?? []).filter((s) => s.kind === 'mac').map((s) => s.value));
  const label = (o: AdvancedOption) => labels?.[o] ?? OPTION_LABELS[o];

  const change = (option: AdvancedOption, value: string | boolean) => {
    setError(null);
    setAdvancedState((s) => setAdvanced(s, option, value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const useAdvanced = more && advanced.active !== null;
    const criteria: Criteria = {
      ...(text.trim() ? { searchterm: text.trim() } : {}),
      ...(useAdvanced ? { by: advanced.active as AdvancedOption } : {}),
      ...(useAdvanced && advanced.value.trim() ? { value: advanced.value.trim() } : {}),
    };
    const problem = criteriaError(criteria);
    setError(problem);
    if (!problem) onSearch(criteria);
  };

  // A MAC picked from the suggestions is searched as the MAC option, not as a user term.
  const pick = (value: string) => {
    if (!macs.has(value)) return;
    setText('');
    setMore(true);
    setAdvancedState(setAdvanced(NO_ADVANCED, 'mac', displayMac(normalizeMac(value) ?? value)));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Search customers">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Autocomplete
            label={userLabel}
            placeholder="e-mail, username, name or user id"
            value={text}
            onChange={(v) => {
              setError(null);
              setText(v);
            }}
            onOptionSubmit={pick}
            data={suggest ? [...new Set((suggestions.data ?? []).map((s) => s.value))] : []}
            filter={({ options }) => options}
            style={{ flex: 1, minWidth: 260 }}
            autoComplete="off"
          />
          <Button type="submit">Search</Button>
          {moreToggle && <Toggle label="More" checked={more} onChange={setMore} mb={8} />}
          {extra}
        </Group>
        {more && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" aria-label="Advanced search">
            {ADVANCED_OPTIONS.filter((o) => o !== 'commercial').map((o) => (
              <TextInput
                key={o}
                label={label(o)}
                placeholder={o === 'firmware' ? 'e.g. V2.9' : o === 'mac' ? 'e.g. 12:34:56' : undefined}
                value={advancedValue(advanced, o)}
                onChange={(e) => change(o, e.currentTarget.value)}
                autoComplete="off"
              />
            ))}
            <Toggle
              label={label('commercial')}
              checked={advanced.active === 'commercial'}
              onChange={(on) => change('commercial', on)}
              mt={30}
            />
          </SimpleGrid>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </form>
  );
}
