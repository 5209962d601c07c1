import { Code, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../api/client.ts';
import { searchQueryOptions, searchUrl } from '../queries.ts';
import type { Gen1SearchParams, PageSize } from './criteria.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { SearchError } from './SearchError.tsx';
import { SearchNotice } from './SearchNotice.tsx';

interface SearchResultsProps {
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
export function SearchResults({
  params,
  onOpen,
  onPage,
  onPageSize,
  debug,
  showTable = true,
}: SearchResultsProps) {
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
        <Paper withBorder p="sm" component="section" aria-label="Debug">
          <Text size="sm" fw={600}>
            Request
          </Text>
          <Code block>{`GET ${url}`}</Code>
          <Text size="sm" fw={600} mt="xs">
            Response{search.data ? ` (${search.data.tookMs} ms)` : ''}
          </Text>
          <ScrollArea.Autosize mah={400}>
            <Code block>
              {search.isError
                ? JSON.stringify(
                    {
                      status: isApiError(search.error) ? search.error.status : null,
                      message: search.error.message,
                    },
                    null,
                    2,
                  )
                : search.data
                  ? JSON.stringify(search.data.result, null, 2)
                  : 'Waiting…'}
            </Code>
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
