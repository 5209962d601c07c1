import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, call, operationUrl } from './call.ts';
import { ApiError } from './client.ts';
import routes from './routes.json';
import { apiRoutes } from './routes-from-table.ts';

/** A fetch that answers `answer` with `status` and records each request. */
function gateway(status: number, answer: unknown) {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      asked.push({ url, init });
      return new Response(JSON.stringify(answer), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('routes.json', () => {
  it('holds each HTTP operation of the table, with its method and path (regenerate with scripts/generate-api-routes.mjs)', () => {
    expect(routes).toEqual(apiRoutes());
    expect(Object.keys(routes)).toContain('hub-control.systemRead');
    // The raw channel's websocket frames are not HTTP calls.
    expect(Object.values(routes).every((r) => /^(GET|POST|PUT|DELETE) \//.test(r))).toBe(true);
  });
});

describe('buildUrl', () => {
  it('puts each parameter in its segment, encoded', () => {
    expect(buildUrl('/api/auth-manage/:op', { op: 'a/b c?d#e' })).toBe('/api/auth-manage/a%2Fb%20c%3Fd%23e');
    expect(buildUrl('/api/x/:userId/:roleName', { userId: 7, roleName: 'support+dev' })).toBe(
      '/api/x/7/support%2Bdev',
    );
    expect(buildUrl('/api/support/resetPassword/:email', { email: 'ann@example.com' })).toBe(
      '/api/support/resetPassword/ann%40example.com',
    );
  });

  it('refuses a path whose parameter is not given', () => {
    expect(() => buildUrl('/api/supportPlus/hub/:hubId', {})).toThrow('Missing path parameter hubId');
    expect(() => buildUrl('/api/supportPlus/hub/:hubId', { hubId: '' })).toThrow('hubId');
  });

  it('writes the query in the given order, leaves out undefined and null, repeats the key of an array', () => {
    expect(buildUrl('/api/q', {}, { limit: 300, only: 'stream' })).toBe('/api/q?limit=300&only=stream');
    expect(buildUrl('/api/q', {}, { a: undefined, b: null, c: false, d: 0 })).toBe('/api/q?c=false&d=0');
    expect(buildUrl('/api/q', {}, { id: [1, 2, undefined, 3] })).toBe('/api/q?id=1&id=2&id=3');
    expect(buildUrl('/api/q', {}, { term: 'a&b=c d' })).toBe('/api/q?term=a%26b%3Dc+d');
    expect(buildUrl('/api/q', {}, { a: undefined })).toBe('/api/q');
  });
});

describe('call', () => {
  it('sends the operation’s method, path and body, and answers the reply', async () => {
    const asked = gateway(200, { ok: true });
    await expect(
      call('auth.changePassword', { params: { id: 'u 1' }, body: { oldPassword: 'a', newPassword: 'b' } }),
    ).resolves.toEqual({ ok: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe('/api/users/u%201/password');
    expect(asked[0]?.init?.method).toBe('PUT');
    expect(JSON.parse(String(asked[0]?.init?.body))).toEqual({ oldPassword: 'a', newPassword: 'b' });
  });

  it('builds a GET’s query and sends no body', async () => {
    const asked = gateway(200, { entries: [] });
    await call('hub-control.hubTimeline', { params: { hubId: '42' }, query: { limit: 300, only: 'stream' } });
    expect(asked[0]?.url).toBe('/api/supportPlus/hub/42/timeline?limit=300&only=stream');
    expect(asked[0]?.init?.method).toBe('GET');
    expect(asked[0]?.init?.body).toBeUndefined();
  });

  it('throws the gateway’s error envelope as an ApiError', async () => {
    gateway(400, { message: 'Wrong Confirmation', fields: { confirmation: 'Wrong Confirmation' } });
    const failed = call('hub-control.systemRead', { body: { linkId: 5 } }).catch((e: unknown) => e);
    await expect(failed).resolves.toBeInstanceOf(ApiError);
    await expect(failed).resolves.toMatchObject({ status: 400, message: 'Wrong Confirmation' });
  });

  it('gives the same URL to what the browser opens itself', () => {
    expect(operationUrl('hub-control.hubTimeline', { params: { hubId: '9' }, query: { limit: 5 } })).toBe(
      '/api/supportPlus/hub/9/timeline?limit=5',
    );
  });
});

/**
 * Type-level checks, never run: `tsc -b` is the test. Each `@ts-expect-error` must stay an error —
 * if the client's typing loosened, the directive would be unused and tsc would fail on it.
 */
export function typeChecks(signal: AbortSignal): void {
  // Right: body, params and query as the operations' schemas say.
  void call('hub-control.systemRead', { body: { linkId: 1, admin: true }, signal });
  void call('auth.changePassword', { params: { id: 'x' }, body: { oldPassword: 'a', newPassword: 'b' } });
  void call('auth.me');
  // @ts-expect-error the body's linkId is a number, not a string
  void call('hub-control.systemRead', { body: { linkId: '1' } });
  // @ts-expect-error the body has no such field
  void call('hub-control.systemRead', { body: { linkId: 1, reboot: true } });
  // @ts-expect-error the body is required
  void call('hub-control.systemRead', {});
  // @ts-expect-error no such operation
  void call('hub-control.noSuchThing');
  // @ts-expect-error the path parameter is missing
  void call('auth.changePassword', { body: { oldPassword: 'a', newPassword: 'b' } });
  // @ts-expect-error a GET takes no body
  void call('auth.me', { body: {} });
  // @ts-expect-error the timeline's query has no such field
  void operationUrl('hub-control.hubTimeline', { params: { hubId: '1' }, query: { page: 2 } });
  const answer = call('hub-control.systemRead', { body: { linkId: 1 } });
  // @ts-expect-error the answer is a hub action's result, which has no `rows`
  void answer.then((a) => a.rows);
}
