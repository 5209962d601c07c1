import type { Annotation, TimelinePage, TopicFilter } from '@console/contracts';
import { apiRequest } from '../api/client.ts';

/** Where a page starts: the newest, older or newer than a cursor, or around a linked moment. */
export type PageParam =
  | { kind: 'newest' }
  | { kind: 'before'; cursor: string }
  | { kind: 'after'; cursor: string }
  | { kind: 'moment'; epoch?: string; seq?: number; at: number };

export const timelineKeys = {
  all: ['hub-timeline'] as const,
  hub: (hubId: string) => ['hub-timeline', hubId] as const,
  view: (hubId: string, filter: TopicFilter, start: PageParam) =>
    ['hub-timeline', hubId, filter, start] as const,
};

export const TIMELINE_PAGE = 300;

export function fetchTimelinePage(
  hubId: string,
  filter: TopicFilter,
  param: PageParam,
  signal?: AbortSignal,
): Promise<TimelinePage> {
  const q = new URLSearchParams({ limit: String(TIMELINE_PAGE) });
  if (filter.clientTypes?.length) q.set('clientTypes', filter.clientTypes.join(','));
  if (filter.classes?.length) q.set('classes', filter.classes.join(','));
  if (filter.operations?.length) q.set('operations', filter.operations.join(','));
  if (filter.text) q.set('text', filter.text);
  if (param.kind === 'before') q.set('before', param.cursor);
  if (param.kind === 'after') q.set('after', param.cursor);
  if (param.kind === 'moment') {
    if (param.epoch) q.set('epoch', param.epoch);
    if (param.seq !== undefined) q.set('seq', String(param.seq));
    q.set('at', String(param.at));
  }
  return apiRequest<TimelinePage>(`/api/supportPlus/hub/${encodeURIComponent(hubId)}/timeline?${q}`, {
    signal,
  });
}

export function createAnnotation(hubId: string, body: { from: number; to: number; text: string }) {
  return apiRequest<Annotation>(`/api/supportPlus/hub/${encodeURIComponent(hubId)}/annotations`, {
    method: 'POST',
    body,
  });
}

export function deleteAnnotation(hubId: string, id: string, confirmation: string) {
  return apiRequest<{ deleted: boolean }>(
    `/api/supportPlus/hub/${encodeURIComponent(hubId)}/annotations/${encodeURIComponent(id)}`,
    { method: 'DELETE', body: { confirmation } },
  );
}
