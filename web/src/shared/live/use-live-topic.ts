import type { TopicFilter } from '@console/contracts';
import { useCallback, useEffect } from 'react';
import { liveSocket } from './live-socket.ts';
import { type TopicView, useLiveStore } from './live-store.ts';

const EMPTY: TopicView['filter'] = {};

/** What the panel says when the socket came back and the topic went on from where it stood. */
export function resumedText(downMs: number): string {
  return `Reconnected after ${Math.max(1, Math.round(downMs / 1000))} s and resumed where it stopped: nothing was missed.`;
}

/**
 * Watches a live topic over the shared socket while the component is mounted, feeding the live
 * store. A new filter starts the topic afresh (server-side filtering, new back-fill); `reload`
 * does the same after the server said history moved on.
 */
export function useLiveTopic(topic: string, filter: TopicFilter = EMPTY, hubs?: string[]) {
  const view = useLiveStore((s) => s.topics[topic]);
  const filterKey = JSON.stringify(filter);
  const hubsKey = hubs?.join(',');

  useEffect(() => {
    const store = useLiveStore.getState();
    const wanted: TopicFilter = JSON.parse(filterKey);
    store.reset(topic, wanted);
    return liveSocket().watch(
      topic,
      wanted,
      {
        events: (events, stored) => useLiveStore.getState().receive(topic, events, stored),
        status: (status) => useLiveStore.getState().setStatus(topic, status),
        reload: (message) => useLiveStore.getState().setNotice(topic, { kind: 'reload', message }),
        error: (_code, message) => useLiveStore.getState().setNotice(topic, { kind: 'error', message }),
        resumed: (downMs) =>
          useLiveStore.getState().setNotice(topic, { kind: 'resumed', message: resumedText(downMs) }),
      },
      hubsKey ? hubsKey.split(',') : undefined,
    );
  }, [topic, filterKey, hubsKey]);

  const reload = useCallback(() => {
    useLiveStore.getState().reset(topic);
    liveSocket().restart(topic);
  }, [topic]);

  return { view, reload };
}
