import type { Access } from '@console/contracts';
import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { RoleGate } from '../../../shared/ui/RoleGate.tsx';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import { gen1Keys } from '../queries.ts';
import { type Criteria, criteriaOf, type Gen1SearchParams, searchRequest } from './criteria.ts';
import { Gen1SearchResults } from './Gen1SearchResults.tsx';
import { RecentSearches } from './RecentSearches.tsx';
import { SearchForm, type SearchFormProps } from './SearchForm.tsx';
import { useRecentSearches } from './use-recent-searches.ts';

/**
 * How a screen changes its URL search (its route's `navigate`, narrowed to what is needed here);
 * keep it stable (useCallback).
 */
export type SetSearch = (update: (prev: Gen1SearchParams) => Gen1SearchParams, replace?: boolean) => void;

interface Gen1SearchScreenProps {
  title: string;
  /** Roles of the screen's menu entry; others see a notice instead. */
  access: Access;
  search: Gen1SearchParams;
  setSearch: SetSearch;
  form: Pick<SearchFormProps, 'userLabel' | 'moreToggle' | 'labels' | 'suggest'>;
  /** Offers the Debug checkbox (raw request and response under the results). */
  debuggable?: boolean;
  detail: (userId: number, onClose: () => void) => ReactNode;
}

/**
 * A Gen1 customer search screen (core spec §2): the criteria, the last searches, the paged results
 * and one account's detail, all held in the URL so a search can be linked and reloaded.
 */
export function Gen1SearchScreen(props: Gen1SearchScreenProps) {
  return (
    <RoleGate access={props.access} title={props.title}>
      <Screen {...props} />
    </RoleGate>
  );
}

function Screen({ title, search, setSearch, form, debuggable, detail }: Gen1SearchScreenProps) {
  const queryClient = useQueryClient();
  const { recent, remember } = useRecentSearches();
  const [debug, setDebug] = useState(false);
  const criteria = criteriaOf(search);
  // Stable, because a single result opens itself from an effect that depends on it.
  const open = useCallback(
    (userId: number, auto: boolean) => setSearch((prev) => ({ ...prev, detail: userId }), auto),
    [setSearch],
  );

  const run = (c: Criteria) => {
    const req = searchRequest(c);
    if (!req) return;
    remember(req.label, c);
    setSearch(() => ({ ...c, limit: search.limit }));
    void queryClient.invalidateQueries({ queryKey: gen1Keys.searches });
  };

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <SearchForm
        key={JSON.stringify(criteria)}
        initial={criteria}
        onSearch={run}
        {...form}
        extra={debuggable && <Toggle label="Debug" checked={debug} onChange={setDebug} mb={8} />}
      />
      <RecentSearches recent={recent} onRun={run} />
      <Gen1SearchResults
        params={search}
        debug={debug}
        onOpen={open}
        showTable={search.detail === undefined}
        onPage={(offset) => setSearch((prev) => ({ ...prev, offset }))}
        onPageSize={(limit) => setSearch((prev) => ({ ...prev, limit, offset: undefined }))}
      />
      {search.detail !== undefined &&
        detail(search.detail, () => setSearch((prev) => ({ ...prev, detail: undefined })))}
    </Stack>
  );
}
