/** What the link service said went wrong (its message, or the seed's plain 'Error'). */
export class LinkError extends Error {}

/**
 * A call to the third-party link service through the gateway's /link/* (seed 000 §7), with the
 * customer's bearer token in the Authorization header.
 */
export async function linkRequest<T>(
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/link${path}`, {
      method: opts.body === undefined ? 'GET' : 'POST',
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw new LinkError('Error');
  }
  const payload = (await res.json().catch(() => null)) as { message?: unknown } | null;
  if (!res.ok) throw new LinkError(typeof payload?.message === 'string' ? payload.message : 'Error');
  if (payload === null) throw new LinkError('error after success');
  return payload as T;
}
