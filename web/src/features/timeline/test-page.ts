import type { TimelinePage } from '@console/contracts';

/** For tests: an empty timeline page of `epoch`, a stream-only one (`partial`) or a whole one. */
export const emptyPage = (epoch: string, partial: boolean): TimelinePage => ({
  entries: [],
  epoch,
  older: null,
  newer: null,
  from: 0,
  ...(partial ? { partial: true } : {}),
});
