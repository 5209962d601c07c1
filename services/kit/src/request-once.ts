import { errors, type MsgHdrs, type NatsConnection } from '@nats-io/nats-core';

/** How one request went on the wire. Only `reply` tells what the other side did. */
export type Outcome<T> =
  | { kind: 'reply'; reply: T; durationMs: number }
  | { kind: 'timeout'; durationMs: number }
  | { kind: 'unreachable'; durationMs: number }
  | { kind: 'unreadable'; durationMs: number };

/**
 * One NATS request, once: a timeout is reported as such (the far side may or may not have acted)
 * and never retried, here or above. `accept` says whether the parsed answer is the reply to this
 * request; anything else is `unreadable`.
 */
export async function requestOnce<T>(
  nc: NatsConnection,
  subject: string,
  body: unknown,
  opts: { timeoutMs: number; headers?: MsgHdrs; accept: (reply: unknown) => reply is T },
): Promise<Outcome<T>> {
  const t0 = performance.now();
  const elapsed = () => Math.round((performance.now() - t0) * 10) / 10;
  try {
    const msg = await nc.request(subject, JSON.stringify(body), {
      timeout: opts.timeoutMs,
      ...(opts.headers ? { headers: opts.headers } : {}),
    });
    let reply: unknown;
    try {
      reply = JSON.parse(msg.string());
    } catch {
      reply = null;
    }
    if (!opts.accept(reply)) return { kind: 'unreadable', durationMs: elapsed() };
    return { kind: 'reply', reply, durationMs: elapsed() };
  } catch (err) {
    if (err instanceof errors.TimeoutError) return { kind: 'timeout', durationMs: elapsed() };
    if (err instanceof errors.NoRespondersError) return { kind: 'unreachable', durationMs: elapsed() };
    if (err instanceof errors.RequestError && err.isNoResponders())
      return { kind: 'unreachable', durationMs: elapsed() };
    throw err;
  }
}
