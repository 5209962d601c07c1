import type { HubMessage, RawServerFrame } from '@console/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { newCorrelationId } from '../waterfall/waterfall-queries.ts';
import { append, type LogRecord, type LogSource, nextLogId } from './log.ts';
import { type ChannelFrame, type ChannelState, type RawSocket, rawSocket } from './raw-socket.ts';

export interface RawChannel {
  state: ChannelState;
  /** Who the channel is authenticated as (a `server.authenticate` answer), or null. */
  authed: string | null;
  authError: string | null;
  /** Who a `user-auth` token made this channel: a customer (user channel) or an admin (admin channel). */
  account: { email: string; admin: boolean } | null;
  log: LogRecord[];
  /** Messages received since the page loaded (Link2's count). */
  received: number;
  send(to: string, message: HubMessage): void;
  frame(frame: object): void;
  note(text: string, source?: LogSource): void;
  record(r: Omit<LogRecord, 'id' | 'created'>): void;
  clear(): void;
  open(): void;
  close(): void;
}

/** The text when an authenticate answer is not a success (spec §8). */
export const AUTH_FAILED = 'Channel failed to authenticate';

/**
 * One engineering channel for a screen: its socket, its log (newest first, trimmed by `trim`), who
 * it is authenticated as, and a hook for the frames a screen handles itself (Link2's requests).
 */
export function useRawChannel(opts: {
  trim: { at: number; to: number };
  logIncoming?: boolean;
  logOutgoing?: boolean;
  onFrame?: (frame: ChannelFrame) => void;
  /**
   * Another deployment's socket (a configured one); absent: this console's `/ws`; null: none yet
   * (the page does not know where to connect). A change reconnects.
   */
  url?: string | null | undefined;
}): RawChannel {
  const [log, setLog] = useState<LogRecord[]>([]);
  const [state, setState] = useState<ChannelState>('closed');
  const [authed, setAuthed] = useState<string | null>(null);
  const [authError, setAuthError] = useState<string | null>(null);
  const [account, setAccount] = useState<{ email: string; admin: boolean } | null>(null);
  const [received, setReceived] = useState(0);
  const latest = useRef(opts);
  latest.current = opts;
  const socket = useRef<RawSocket | null>(null);

  const add = useCallback((r: Omit<LogRecord, 'id' | 'created'>) => {
    setLog((l) => append(l, { id: nextLogId(), created: Date.now(), ...r }, latest.current.trim));
  }, []);

  useEffect(() => {
    if (opts.url === null) {
      socket.current = null;
      return;
    }
    const s = rawSocket(
      {
        state: (next, reason) => {
          setState(next);
          if (next === 'closed') {
            setAuthed(null);
            setAccount(null);
            if (reason) add({ source: 'info', text: reason });
          }
        },
        frame: (f) => {
          latest.current.onFrame?.(f);
          const logged = latest.current.logIncoming !== false;
          if (f.type === 'user-authed') {
            setAccount({ email: f.email || f.userId, admin: f.admin === true });
            setAuthError(null);
          } else if (f.type === 'user-closed') {
            setAccount(null);
          } else if (
            f.type === 'raw-reply' &&
            f.transactionId === null &&
            [401, 403].includes(f.statusCode ?? 0)
          ) {
            // A token the gateway would not take (only `user-auth` frames have no transactionId).
            setAuthError(f.error ?? AUTH_FAILED);
          }
          if (f.type === 'raw-reply') {
            setReceived((n) => n + 1);
            onReply(f, logged);
          } else if (f.type === 'events') {
            setReceived((n) => n + f.events.length);
            if (logged)
              for (const e of f.events)
                add({
                  source: 'event',
                  handlerId: String(
                    (e.data as { hubId?: unknown } | null)?.hubId ?? f.topic.replace(/^hub:/, ''),
                  ),
                  msg: (e.data ?? {}) as HubMessage,
                });
          } else if (f.type === 'error') {
            add({
              source: 'error',
              text: `${f.statusCode}: ${f.message}`,
              ...(f.topic ? { handlerId: f.topic } : {}),
            });
          } else if (f.type === 'link2-request') {
            setReceived((n) => n + 1);
          } else if (logged) {
            add({ source: 'debug', text: JSON.stringify(f) });
          }
        },
      },
      opts.url ?? undefined,
    );
    const onReply = (f: Extract<RawServerFrame, { type: 'raw-reply' }>, logged: boolean) => {
      const isAuth = f.message?.class === 'server' && f.message.operation === 'authenticate';
      if (isAuth) {
        const payload = f.message?.items[0]?.payload as { user?: string } | undefined;
        setAuthed(f.outcome === 'reply' ? (payload?.user ?? 'yes') : null);
        setAuthError(f.outcome === 'reply' ? null : AUTH_FAILED);
      }
      if (!logged) return;
      const tx = f.transactionId === null ? '' : ` · transactionId ${f.transactionId}`;
      const cid = f.correlationId ? { correlationId: f.correlationId } : {};
      if (f.message) add({ source: 'in', handlerId: f.to, msg: f.message, outcome: f.outcome, ...cid });
      else
        add({
          source: 'error',
          handlerId: f.to,
          outcome: f.outcome,
          text: `${f.outcome}${tx}: ${f.error ?? ''}`,
          ...(f.outcome === 'refused' ? {} : cid),
        });
    };
    socket.current = s;
    s.open();
    return () => s.close();
  }, [add, opts.url]);

  return {
    state,
    authed,
    authError,
    account,
    log,
    received,
    send: (to, message) => {
      // Each send has its own correlation id (the command waterfall): the gateway carries it to
      // hub-control and the hub, and the raw-reply brings it back.
      const correlationId = newCorrelationId();
      socket.current?.raw(to, message, correlationId);
      if (latest.current.logOutgoing !== false)
        add({ source: 'out', handlerId: to, msg: message, correlationId });
    },
    frame: (frame) => socket.current?.send(frame),
    note: (text, source = 'info') => add({ source, text }),
    record: add,
    clear: () => setLog([]),
    open: () => socket.current?.open(),
    close: () => socket.current?.close(),
  };
}
