import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { routeLine } from '../../../shared/api/call.ts';
import { errorMessage } from '../../../shared/api/client.ts';
import { DebugPanel } from '../../../shared/ui/JsonViewer.tsx';
import { SupportPlusStatsPanel } from '../../stats/SupportPlusStatsPanel.tsx';
import { SupportPlusOverview } from '../overview/Overview.tsx';
import { searchQueryOptions } from '../queries.ts';
import { SearchBar } from './SearchBar.tsx';
import { StructureSearchResults } from './StructureSearchResults.tsx';
import type { SupportPlusSearch, searchBody } from './search-params.ts';

const route = getRouteApi('/_auth/supportPlus/');

/** The search bar, an admin's Debug, then the results of the search in the URL, or the overview. */
export function SearchArea({
  search,
  body,
  isAdmin,
  debug,
  local = false,
  onSearch,
}: {
  search: SupportPlusSearch;
  body: ReturnType<typeof searchBody>;
  isAdmin: boolean;
  debug: boolean;
  /** A local host: Debug is on and cannot be turned off. */
  local?: boolean;
  onSearch: (next: SupportPlusSearch) => void;
}) {
  const navigate = route.useNavigate();
  const found = useQuery({ ...searchQueryOptions(body ?? { text: '' }), enabled: body !== null });
  const result = body && found.data && !found.isPlaceholderData ? found.data : null;
  const setDebug = (on: boolean) =>
    navigate({ search: (prev) => ({ ...prev, debug: on ? (1 as const) : undefined }), replace: true });

  return (
    <>
      <SearchBar
        search={search}
        onSearch={onSearch}
        isAdmin={isAdmin}
        debug={debug}
        local={local}
        onDebug={setDebug}
        resultCount={result ? result.users.length + result.structures.length : null}
      />
      {debug && body && (
        <DebugPanel
          request={`${routeLine('search.supportPlusSearch')}\n${JSON.stringify(body, null, 2)}`}
          response={found.isError ? { error: errorMessage(found.error) } : (found.data ?? null)}
        />
      )}
      {body === null ? (
        <>
          <SupportPlusOverview />
          <SupportPlusStatsPanel />
        </>
      ) : found.isError ? (
        <Alert color="red" title="The search failed">
          {errorMessage(found.error)}
        </Alert>
      ) : !found.data ? (
        <Loader size="sm" aria-label="Searching" />
      ) : (
        <div
          aria-busy={found.isPlaceholderData}
          style={found.isPlaceholderData ? { opacity: 0.5 } : undefined}
        >
          <StructureSearchResults
            result={found.data}
            all={search.all === true}
            loading={found.isFetching}
            onLoadAll={() => navigate({ search: (prev) => ({ ...prev, all: true }) })}
          />
        </div>
      )}
      {result === null && found.isFetching && body && found.data && (
        <Loader size="xs" aria-label="Searching" />
      )}
    </>
  );
}
