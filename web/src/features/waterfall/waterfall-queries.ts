import { type ActionWaterfall, type CancelActionResult, WATERFALL_POLL_MS } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';
import { isApiError } from '../../shared/api/client.ts';

/** Which action a waterfall shows: by its transaction id, or by the correlation id the console sent. */
export type WaterfallRef = { transactionId: number } | { correlationId: string };

/** How long after the outcome the panel keeps asking (the resulting events and the audit record). */
export const AFTER_OUTCOME_MS = 6000;
/** How long a correlation id is looked for before the action is known (sent) at all. */
export const UNKNOWN_FOR_MS = 15_000;

/** A fresh correlation id for one action (sent as x-correlation-id; the gateway keeps it). */
export function newCorrelationId(): string {
  return crypto.randomUUID();
}

export const waterfallKey = (ref: WaterfallRef) => ['waterfall', ref] as const;

function fetchWaterfall(ref: WaterfallRef, signal: AbortSignal): Promise<ActionWaterfall> {
  return 'transactionId' in ref
    ? call('hub-control.actionStages', { params: { transactionId: ref.transactionId }, signal })
    : call('hub-control.actionStagesByCorrelation', { params: { correlationId: ref.correlationId }, signal });
}

/**
 * When to ask again: every WATERFALL_POLL_MS while the action is pending or not recorded yet (a
 * 404 just after sending), and for a few seconds after its outcome (the events it causes and
 * its audit record come after the reply); then not at all.
 */
export function nextPoll(data: ActionWaterfall | undefined, startedAt: number, now: number): number | false {
  if (!data) return now - startedAt < UNKNOWN_FOR_MS ? WATERFALL_POLL_MS : false;
  if (data.state === 'pending') return WATERFALL_POLL_MS;
  const last = data.stages.at(-1)?.at ?? 0;
  return now - last < AFTER_OUTCOME_MS ? WATERFALL_POLL_MS : false;
}

export function waterfallQueryOptions(ref: WaterfallRef, startedAt: number) {
  return queryOptions({
    queryKey: waterfallKey(ref),
    queryFn: async ({ signal }) => {
      try {
        return await fetchWaterfall(ref, signal);
      } catch (e) {
        // Not recorded yet: the action is still on its way to hub-control.
        if (isApiError(e, 404)) return null;
        throw e;
      }
    },
    refetchInterval: (q) => nextPoll(q.state.data ?? undefined, startedAt, Date.now()),
  });
}

export function cancelAction(transactionId: number): Promise<CancelActionResult> {
  return call('hub-control.cancelAction', { params: { transactionId } });
}

/** Where a stage's bar starts and how wide it is, in % of the waterfall's span (at least 1 %). */
export function barOf(offsetMs: number, nextOffsetMs: number | undefined, spanMs: number) {
  const span = Math.max(spanMs, 1);
  const left = Math.min(99, (offsetMs / span) * 100);
  const width = Math.max(1, (((nextOffsetMs ?? offsetMs) - offsetMs) / span) * 100);
  return { left, width: Math.min(width, 100 - left) };
}

/** "+12 ms", "+1.25 s". */
export function formatOffset(ms: number): string {
  return ms < 1000 ? `+${Math.round(ms)} ms` : `+${(ms / 1000).toFixed(2)} s`;
}

export const STATE_TEXT: Record<ActionWaterfall['state'], string> = {
  pending: 'pending',
  replied: 'replied',
  failed: 'failed',
  timedOut: 'outcome unknown',
  cancelled: 'cancelled',
};
