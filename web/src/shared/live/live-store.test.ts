import { beforeEach, describe, expect, it } from 'vitest';
import { useLiveStore } from './live-store.ts';
import { resumedText } from './use-live-topic.ts';

const view = () => useLiveStore.getState().topics.t;

beforeEach(() => useLiveStore.setState({ topics: {} }));

describe('the live store across a lost socket', () => {
  it('keeps when the socket was lost until it is live again', () => {
    const s = useLiveStore.getState();
    s.setStatus('t', 'live', 1000);
    s.setStatus('t', 'reconnecting', 5000);
    s.setStatus('t', 'reconnecting', 9000); // a failed retry does not move it
    expect(view()?.interruptedAt).toBe(5000);
    s.setStatus('t', 'live', 12_000);
    expect(view()?.interruptedAt).toBeNull();
  });

  it('drops a "resumed" notice when the socket is lost again, but keeps a reload the person must act on', () => {
    const s = useLiveStore.getState();
    s.setNotice('t', { kind: 'resumed', message: resumedText(4200) });
    expect(view()?.notice?.message).toBe(
      'Reconnected after 4 s and resumed where it stopped: nothing was missed.',
    );
    s.setStatus('t', 'reconnecting', 1);
    expect(view()?.notice).toBeNull();
    s.setNotice('t', { kind: 'reload', message: 'History moved on; reload to see the latest.' });
    s.setStatus('t', 'reconnecting', 2);
    expect(view()?.notice?.kind).toBe('reload');
  });
});
