import type { ReactNode } from 'react';
import { ClosablePanel } from './ClosablePanel.tsx';
import { LoadMore } from './LoadMore.tsx';

type PagedQuery<R> = Parameters<typeof LoadMore>[0]['q'] & {
  isFetching: boolean;
  isSuccess: boolean;
  error: unknown;
  data: { pages: { rows: R[]; total: number }[] } | undefined;
};

/**
 * A per-WFL panel over a paged log (newest first): the rows of every page loaded so far for
 * `children`, `empty` when the log has none, and Load more with how many of the total are shown.
 */
export function PagedPanel<R>({
  q,
  empty,
  children,
  ...frame
}: {
  title: string;
  onClose: () => void;
  q: PagedQuery<R>;
  empty: string;
  actions?: ReactNode;
  children: (rows: R[]) => ReactNode;
}) {
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <ClosablePanel {...frame} q={q} empty={q.isSuccess && rows.length === 0 && empty}>
      {children(rows)}
      <LoadMore q={q} shown={rows.length} total={q.data?.pages[0]?.total ?? 0} />
    </ClosablePanel>
  );
}
