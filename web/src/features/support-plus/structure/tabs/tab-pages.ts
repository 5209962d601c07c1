import type { HttpOperation, TabPage, TabPageSchema } from '@console/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callUnchecked } from '../../../../shared/api/call.ts';
import type { DateRange } from '../../../../shared/ui/DateInput.tsx';
import { fromLocalInput } from '../../../../shared/ui/dates.ts';
import { STRUCTURE_TEXT } from '../structure-view.ts';

export type Row = Record<string, unknown>;

/** A value at a dotted path of a row ('item.payload.group'). */
export function at(row: Row, path: string): unknown {
  let v: unknown = row;
  for (const key of path.split('.')) v = v && typeof v === 'object' ? (v as Row)[key] : undefined;
  return v;
}

/** A query form's local from/to as the tab endpoints take them: ISO `start` and `end`, each when set. */
export function rangeBody(r: DateRange): Row {
  const start = fromLocalInput(r.from);
  const end = fromLocalInput(r.to);
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/** The structure tabs' reads: each answers a TabPage (POST, the structure and its range in the body). */
export type TabOperationId = Extract<HttpOperation, { response: typeof TabPageSchema }>['id'];

/** One page of a tab's read; the tabs build their bodies (structure, range, text), the server checks them. */
function fetchTabPage(operation: TabOperationId, body: Row, signal: AbortSignal) {
  return callUnchecked(operation, { body, signal }) as Promise<TabPage>;
}

/**
 * A structure tab's pages: the first at the tab's default limit, then 'Get More' asks for records
 * older than the last one shown (the date field the server orders by).
 */
export function useTabPages(operation: TabOperationId, body: Row, dateField: string) {
  const query = useInfiniteQuery({
    queryKey: ['support-plus', 'tab', operation, body],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchTabPage(operation, pageParam ? { ...body, before: pageParam } : body, signal);
      // An answer without its page of rows (seed 001 §8 'No paginatedData?') is an error, not an empty page.
      if (!Array.isArray(page?.rows)) throw new Error(STRUCTURE_TEXT.noPaginatedData);
      return page;
    },
    getNextPageParam: (last) => (last.more ? ((last.rows.at(-1)?.[dateField] as string) ?? null) : null),
    staleTime: 30_000,
  });
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  return { ...query, rows };
}
