import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMe } from '../features/auth/queries.ts';
import { startTimelineOfSearch } from '../features/timeline/early.ts';
import { timelinePreviewOptions, timelineQueryOptions } from '../features/timeline/queries.ts';
import { emptyPage } from '../features/timeline/test-page.ts';
import { apiRequest } from '../shared/api/client.ts';
import { closeEarly } from '../shared/api/early.ts';
// The script's text, as index.html runs it.
import script from './early-start.js?raw';

const page = (stream: boolean) => emptyPage(stream ? 'from-the-stream' : 'whole', stream);

/** A fetch that answers like the gateway and records who asked for what. */
function gateway() {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    asked.push(url);
    expect(init?.credentials).toBe('same-origin');
    const body = url.startsWith('/api/users/me')
      ? { email: 'a@console.test', roles: ['admin'] }
      : page(url.includes('only=stream'));
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return asked;
}

/** Runs the early-start script as index.html would, at `url`; returns what it asked for. */
function bootAt(url: string): string[] {
  const asked = gateway();
  const { pathname, search } = new URL(url, 'http://console.test');
  new Function('window', 'location', script)(globalThis, { pathname, search });
  return [...asked];
}

afterEach(() => {
  closeEarly();
  vi.unstubAllGlobals();
  delete (globalThis as { __consoleEarly?: unknown }).__consoleEarly;
});

describe('the early-start script', () => {
  it('starts the session check and the plain timeline’s two first requests, and the console takes them', async () => {
    const early = bootAt('/supportPlus/hub/42/timeline');
    expect(early).toEqual([
      '/api/users/me',
      '/api/supportPlus/hub/42/timeline?limit=300&only=stream',
      '/api/supportPlus/hub/42/timeline?limit=300',
    ]);
    const asked = gateway();
    // The console's own requests for the same things (routes/_auth.tsx's beforeLoad) ask nothing again.
    const qc = new QueryClient();
    startTimelineOfSearch(qc, '42', {});
    await expect(fetchMe()).resolves.toMatchObject({ email: 'a@console.test' });
    await vi.waitFor(() => {
      expect(qc.getQueryData(timelineQueryOptions('42', {}, { kind: 'newest' }).queryKey)).toBeTruthy();
      expect(qc.getQueryData(timelinePreviewOptions('42', {}).queryKey)).toMatchObject({ partial: true });
    });
    expect(asked).toEqual([]);
    // Each is taken once: asked again, the console fetches.
    await fetchMe();
    expect(asked).toEqual(['/api/users/me']);
  });

  it('starts only the session check off the timeline route, for a timeline link with a search, or a non-numeric id', () => {
    expect(bootAt('/supportPlus/hub/42')).toEqual(['/api/users/me']);
    expect(bootAt('/supportPlus/hub/42/timeline?jump=5')).toEqual(['/api/users/me']);
    expect(bootAt('/supportPlus/hub/abc/timeline')).toEqual(['/api/users/me']);
    expect(bootAt('/supportPlus/hub/42/timeline/extra')).toEqual(['/api/users/me']);
    expect(bootAt('/login')).toEqual(['/api/users/me']);
  });

  it('starts nothing on /logout', () => {
    expect(bootAt('/logout')).toEqual([]);
  });

  it('hands nothing out once boot is over, nor to a request that differs', async () => {
    bootAt('/supportPlus/hub/42/timeline');
    const asked = gateway();
    // A POST or a request with its own headers is never answered from the early start.
    await apiRequest('/api/users/me', { headers: { 'x-correlation-id': 'c' } });
    expect(asked).toEqual(['/api/users/me']);
    closeEarly();
    await fetchMe();
    await apiRequest('/api/supportPlus/hub/42/timeline?limit=300');
    expect(asked).toEqual(['/api/users/me', '/api/users/me', '/api/supportPlus/hub/42/timeline?limit=300']);
  });

  it('leaves a failed early request to the console’s own error handling', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    new Function('window', 'location', script)(globalThis, { pathname: '/', search: '' });
    await expect(fetchMe()).rejects.toMatchObject({ status: 0 });
  });
});
