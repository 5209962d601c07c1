import { AUTOCOMPLETE, PRODUCT_SEARCH_FIELDS, type ProductSearchField } from '@console/contracts';
import {
  ActionIcon,
  Autocomplete,
  Button,
  CloseButton,
  Group,
  Menu,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import { RefreshChannelsButton } from '../overview/RefreshChannelsButton.tsx';
import { autocompleteQueryOptions } from '../queries.ts';
import { entryProblem, type SupportPlusSearch } from './search-params.ts';
import { useSearchLists } from './use-search-lists.ts';

/** Seed 001 §9 gives 500 ms (search) and 1200 ms (autocomplete template); the shorter one serves typing. */
const SUGGEST_DELAY_MS = 500;
const FIELD_LABEL: Record<ProductSearchField, string> = {
  serial: 'Serial',
  name: 'Name',
  productCode: 'Product code',
  virtualProductCode: 'Virtual product code',
};

/**
 * The Support Plus search bar (seed 001 §2): autocomplete from 3 characters, Search, recent
 * searches (5) and favourites per signed-in e-mail, products with a field multi-select, the
 * 'Migrated' quick search, Refresh Channels, and Debug for admins (always on for a local host).
 */
export function SearchBar({
  search,
  onSearch,
  isAdmin,
  debug,
  local = false,
  onDebug,
  resultCount,
}: {
  search: SupportPlusSearch;
  onSearch: (next: SupportPlusSearch) => void;
  isAdmin: boolean;
  debug: boolean;
  /** A local host: Debug shows, always on. */
  local?: boolean;
  onDebug: (on: boolean) => void;
  resultCount: number | null;
}) {
  const [text, setText] = useState(search.searchterm ?? '');
  const [products, setProducts] = useState(search.products === true);
  const [fields, setFields] = useState<ProductSearchField[]>(search.fields ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const lists = useSearchLists();

  // A new URL (a link, back and forward, a recent search) fills the bar.
  useEffect(() => setText(search.searchterm ?? ''), [search.searchterm]);
  useEffect(() => setProducts(search.products === true), [search.products]);
  useEffect(() => setFields(search.fields ?? []), [search.fields]);

  const [typed] = useDebouncedValue(text.trim(), SUGGEST_DELAY_MS);
  const suggest = typed.length >= AUTOCOMPLETE.gen2MinChars && typed.length <= 200;
  const suggestions = useQuery({ ...autocompleteQueryOptions(typed), enabled: suggest });
  const data = useMemo(() => {
    if (!suggest) return [];
    const seen = new Set<string>();
    const groups = new Map<string, string[]>();
    for (const s of suggestions.data ?? []) {
      if (seen.has(s.value)) continue;
      seen.add(s.value);
      groups.set(s.kind, [...(groups.get(s.kind) ?? []), s.value]);
    }
    return [...groups.entries()].map(([group, items]) => ({ group, items }));
  }, [suggest, suggestions.data]);

  const run = (term: string, extra: Partial<SupportPlusSearch> = {}) => {
    const value = term.trim();
    const tooLong = entryProblem(value);
    if (tooLong) return setProblem(tooLong);
    if (!value && !extra.migrated) return setProblem('Enter an e-mail, user id, link id or rootGroupId.');
    setProblem(value ? lists.remember(value) : null);
    onSearch({
      searchterm: value || undefined,
      products: products || undefined,
      fields: products && fields.length > 0 ? fields : undefined,
      ...extra,
    });
  };
  const favourite = lists.favourites.includes(text.trim());

  return (
    <Paper withBorder p="md" component="section" aria-label="Search bar">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          run(text);
        }}
      >
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Autocomplete
              label="Search"
              placeholder="E-mail, user id, link id, rootGroupId, serial, device name"
              description="Suggestions from 3 characters"
              value={text}
              onChange={(v) => {
                setText(v);
                if (problem) setProblem(entryProblem(v.trim()));
              }}
              onOptionSubmit={(v) => {
                setText(v);
                run(v);
              }}
              data={data}
              limit={AUTOCOMPLETE.maxSuggestions}
              error={problem}
              style={{ flex: 1 }}
              filter={({ options }) => options}
            />
            <Tooltip label={favourite ? 'Remove from favourites' : 'Add to favourites'}>
              <ActionIcon
                mt={50}
                variant={favourite ? 'filled' : 'subtle'}
                color="yellow"
                aria-label={favourite ? 'Remove from favourites' : 'Add to favourites'}
                aria-pressed={favourite}
                onClick={() => setProblem(lists.toggleFavourite(text))}
              >
                ★
              </ActionIcon>
            </Tooltip>
            <Button type="submit" mt={50}>
              Search
            </Button>
          </Group>
          <Group gap="md" align="flex-end">
            <Toggle label="Search products" checked={products} onChange={setProducts} />
            <MultiSelect
              label="Product fields"
              placeholder={fields.length ? undefined : 'All fields'}
              data={PRODUCT_SEARCH_FIELDS.map((f) => ({ value: f, label: FIELD_LABEL[f] }))}
              value={fields}
              onChange={(v) => setFields(v as ProductSearchField[])}
              disabled={!products}
              clearable
              w={320}
            />
            <Button variant="light" onClick={() => run(text, { migrated: true })}>
              Migrated
            </Button>
            <Menu position="bottom-start">
              <Menu.Target>
                <Button variant="default">Favourites ({lists.favourites.length})</Button>
              </Menu.Target>
              <Menu.Dropdown aria-label="Favourites">
                {lists.favourites.length === 0 && <Menu.Label>No favourites yet</Menu.Label>}
                {lists.favourites.map((f) => (
                  <Menu.Item key={f} onClick={() => run(f)}>
                    {f}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <RefreshChannelsButton />
            {(isAdmin || local) && (
              <Toggle
                label="Debug"
                checked={debug}
                onChange={onDebug}
                disabled={local}
                title={local ? 'Always on for a local host' : undefined}
              />
            )}
            {resultCount !== null && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {resultCount} {resultCount === 1 ? 'result' : 'results'}
              </Text>
            )}
          </Group>
          {lists.recent.length > 0 && (
            <Group gap="xs" role="group" aria-label="Recent searches">
              <Text size="sm" c="dimmed">
                Recent:
              </Text>
              {lists.recent.map((r) => (
                <Group key={r} gap={0} wrap="nowrap">
                  <Button size="compact-sm" variant="light" onClick={() => run(r)}>
                    {r.length > 60 ? `${r.slice(0, 60)}…` : r}
                  </Button>
                  <CloseButton
                    size="sm"
                    aria-label={`Remove ${r} from recent searches`}
                    onClick={() => lists.forget(r)}
                  />
                </Group>
              ))}
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
