import type { RawServerFrame, ServerFrame } from '@console/contracts';
import { FrameSocket, waitFor } from '@console/kit/testing';
import type { Client, Stack } from './stack.ts';

export type AnyFrame = (ServerFrame | RawServerFrame) & Record<string, unknown>;

/** A console's `/ws` socket as a signed-in user, reduced to what the tests look at: every frame. */
export class WsClient extends FrameSocket<AnyFrame> {
  static async open(stack: Stack, user: Client): Promise<WsClient> {
    const c = new WsClient(`${stack.url.replace(/^http/, 'ws')}/ws`, user.sessionCookie);
    await c.opened();
    await c.next((f) => f.type === 'hello', 'hello');
    return c;
  }

  /** The first frame from `from` on that matches. */
  async next(pred: (f: AnyFrame) => boolean, what: string, from = 0, timeoutMs = 10_000): Promise<AnyFrame> {
    const find = () => this.frames.slice(from).find(pred);
    await waitFor(() => find() !== undefined, what, { timeoutMs, intervalMs: 10 });
    return find() as AnyFrame;
  }

  /**
   * Sends one raw frame and waits for the `raw-reply` carrying its transactionId; `correlationId`
   * names the send for the command waterfall.
   */
  async raw(to: string, message: object, timeoutMs = 10_000, correlationId?: string): Promise<AnyFrame> {
    const from = this.frames.length;
    this.send({ type: 'raw', to, message, ...(correlationId ? { correlationId } : {}) });
    const tx = (message as { transactionId?: number }).transactionId;
    return this.next(
      (f) => f.type === 'raw-reply' && f.transactionId === tx,
      `raw reply ${tx}`,
      from,
      timeoutMs,
    );
  }
}

/** A request envelope as the consoles send it (§3). */
export function envelope(transactionId: number, cls: string, operation: string, payload: object = {}) {
  return {
    version: '1.0',
    transactionId,
    senderId: 'admin.test',
    direction: 'request',
    class: cls,
    operation,
    items: [{ itemId: 0, payload }],
  };
}
