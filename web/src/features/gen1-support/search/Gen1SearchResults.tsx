import { Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../shared/api/client.ts';
import { DebugPanel } from '../../../shared/ui/JsonViewer.tsx';
import { searchQueryOptions, searchUrl } from '../queries.ts';
import type { Gen1SearchParams, PageSize } from './criteria.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { SearchError } from './SearchError.tsx';
import { SearchNotice } from './SearchNotice.tsx';

interface Gen1SearchResultsProps {
  params: Gen1SearchParams;
  onOpen: (userId: number, auto: boolean) => void;
  onPage: (offset: number) => void;
  onPageSize: (limit: PageSize) => void;
  /** Show the raw request and response (the support page's Debug checkbox). */
  debug?: boolean;
  /** False while a detail is open: the notice and errors stay, the table steps aside. */
  showTable?: boolean;
}

/** Runs the search the URL names: spinner, notice, query error, result table; one result opens itself. */
export function Gen1SearchResults({
  params,
  onOpen,
  onPage,
  onPageSize,
  debug,
  showTable = true,
}: Gen1SearchResultsProps) {
  const url = searchUrl(params);
  const search = useQuery(searchQueryOptions(params));
  const autoOpened = useRef<string | null>(null);
  const fresh = search.data && !search.isPlaceholderData ? search.data : null;

  useEffect(() => {
    if (!fresh || params.detail !== undefined || autoOpened.current === url) return;
    const { rows, total, offset } = fresh.result;
    if (rows.length === 1 && total === 1 && offset === 0 && rows[0]) {
      autoOpened.current = url;
      onOpen(rows[0].user.user_id, true);
    }
  }, [fresh, params.detail, url, onOpen]);

  if (!url) return null;
  const total = fresh?.result.total;
  const notice = search.isError
    ? 'Server request failed'
    : total === undefined
      ? null
      : `Found ${fresh?.result.totalExact ? total : `more than ${total}`} account${total === 1 ? '' : 's'}.`;

  return (
    <Stack gap="sm">
      <SearchNotice
        stamp={search.isError ? search.errorUpdatedAt : fresh ? search.dataUpdatedAt : 0}
        message={notice}
        failed={search.isError}
      />
      {search.isFetching && (
        <Group gap="xs" role="status" aria-label="Searching">
          <Loader size="sm" />
          <Text size="sm">Searching…</Text>
        </Group>
      )}
      {search.isError && <SearchError error={search.error} />}
      {showTable && search.data && !search.isError && (
        <ResultsTable
          run={search.data}
          onOpen={(id) => onOpen(id, false)}
          onPage={onPage}
          onPageSize={onPageSize}
        />
      )}
      {debug && (
        <DebugPanel
          request={`GET ${url}`}
          responseTitle={`Response${search.data ? ` (${search.data.tookMs} ms)` : ''}`}
          response={
            search.isError
              ? {
                  status: isApiError(search.error) ? search.error.status : null,
                  message: search.error.message,
                }
              : search.data
                ? search.data.result
                : 'Waiting…'
          }
        />
      )}
    </Stack>
  );
}
