import type { HubMessage, LiveEvent, RawServerFrame, ServerFrame } from '@console/contracts';

export type ChannelState = 'closed' | 'opening' | 'open';

/** What a raw channel hears: every frame the gateway sends it, raw replies and hub traffic alike. */
export type ChannelFrame = RawServerFrame | ServerFrame;

export interface ChannelListener {
  frame(frame: ChannelFrame): void;
  state(state: ChannelState, reason?: string): void;
}

/** The text shown when the channel closes (analytics spec §4). */
export const CHANNEL_CLOSED = 'Channel closed, you will need to re-auth.';

/**
 * One engineering channel: its own socket on `/ws` (so "Open Another channel" is another one),
 * sending raw envelopes, Link2 frames and live subscriptions, and handing every frame it receives
 * to its listener. It reopens on send when closed (spec §4: the admin channel reopens on send).
 */
export class RawSocket {
  private ws: WebSocket | null = null;
  private queued: string[] = [];
  state: ChannelState = 'closed';
  user: { id: string; name: string; roles: string[] } | null = null;

  private readonly url: string;
  private readonly listener: ChannelListener;
  constructor(url: string, listener: ChannelListener) {
    this.url = url;
    this.listener = listener;
  }

  open() {
    if (this.ws) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.setState('opening');
    ws.onmessage = (m) => {
      let frame: ChannelFrame;
      try {
        frame = JSON.parse(String(m.data)) as ChannelFrame;
      } catch {
        // Unparseable data is logged and ignored (spec §8).
        console.warn('raw channel: unparseable frame', m.data);
        return;
      }
      if (frame.type === 'hello') {
        this.user = frame.user;
        this.setState('open');
        for (const q of this.queued.splice(0)) ws.send(q);
      }
      this.listener.frame(frame);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.user = null;
      this.setState('closed', e.reason || CHANNEL_CLOSED);
    };
  }

  close() {
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.user = null;
    this.setState('closed', CHANNEL_CLOSED);
  }

  /** A raw envelope to a hub id or 'server'; `correlationId` names it for the command waterfall. */
  raw(to: string, message: HubMessage, correlationId?: string) {
    this.send({ type: 'raw', to, message, ...(correlationId ? { correlationId } : {}) });
  }

  subscribe(topic: string) {
    this.send({ type: 'subscribe', topic });
  }

  unsubscribe(topic: string) {
    this.send({ type: 'unsubscribe', topic });
  }

  /** Any frame; queued while the socket opens, and the socket (re)opened if it is closed. */
  send(frame: object) {
    const text = JSON.stringify(frame);
    if (this.ws?.readyState === WebSocket.OPEN && this.state === 'open') {
      this.ws.send(text);
      return;
    }
    this.queued.push(text);
    this.open();
  }

  private setState(state: ChannelState, reason?: string) {
    this.state = state;
    this.listener.state(state, reason);
  }
}

/**
 * A new channel to this console's own `/ws`, or to `url`: another deployment's socket the browser
 * opens itself (User Sockets' server selection; the console's CSP allows only configured ones).
 */
export function rawSocket(listener: ChannelListener, url?: string): RawSocket {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return new RawSocket(url ?? `${scheme}://${window.location.host}/ws`, listener);
}

/** The hub messages inside a live `events` frame (a subscribed hub's traffic). */
export function messagesOf(events: LiveEvent[]): { at: number; message: Partial<HubMessage> }[] {
  return events.map((e) => ({ at: e.at, message: (e.data ?? {}) as Partial<HubMessage> }));
}
