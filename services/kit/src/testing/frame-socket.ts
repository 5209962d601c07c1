import WebSocket from 'ws';

/**
 * A browser's websocket as the tests see it: signed in by its session cookie, every frame it
 * receives kept in order, how it closed. The gateway's and the console's socket clients build on it.
 */
export class FrameSocket<F> {
  readonly frames: F[] = [];
  readonly ws: WebSocket;
  closed: { code: number; reason: string } | null = null;

  protected constructor(url: string, cookie: string) {
    this.ws = new WebSocket(url, { headers: { cookie } });
    this.ws.on('message', (d) => this.frames.push(JSON.parse(String(d))));
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  /** Resolves once the socket is open (rejects on its first error). */
  protected opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  send(frame: object | string) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  close() {
    this.ws.close();
  }
}
