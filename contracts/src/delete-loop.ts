/**
 * The repeated delete of /authManage (analytics spec §5, §9): run a batch; if it deleted nothing
 * and reported no errors, stop; otherwise run again after `waitMs` (5 s), until stopped. The
 * console drives it with the auth-manage delete call; the tests drive the same loop.
 */
export interface DeleteBatch {
  deleted: number;
  errors: readonly string[];
}

export type DeleteLoopEnd = 'finished' | 'stopped' | 'failed';

export interface DeleteLoopOptions {
  runBatch: () => Promise<DeleteBatch>;
  waitMs?: number;
  /** After each batch, with the running total. */
  onBatch?: (batch: DeleteBatch, total: number, batches: number) => void;
  onEnd?: (end: DeleteLoopEnd, error?: unknown) => void;
}

export const DELETE_LOOP_WAIT_MS = 5000;

export class DeleteLoop {
  total = 0;
  batches = 0;
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly opts: DeleteLoopOptions;
  readonly done: Promise<DeleteLoopEnd>;

  constructor(opts: DeleteLoopOptions) {
    this.opts = opts;
    this.done = this.run();
  }

  /** Stops before the next batch (a batch already sent completes and is counted). */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  get running(): boolean {
    return !this.stopped;
  }

  private async run(): Promise<DeleteLoopEnd> {
    const end = await this.loop();
    this.stopped = true;
    this.opts.onEnd?.(end.end, end.error);
    return end.end;
  }

  private async loop(): Promise<{ end: DeleteLoopEnd; error?: unknown }> {
    while (!this.stopped) {
      let batch: DeleteBatch;
      try {
        batch = await this.opts.runBatch();
      } catch (error) {
        return { end: 'failed', error };
      }
      this.total += batch.deleted;
      this.batches++;
      this.opts.onBatch?.(batch, this.total, this.batches);
      if (batch.deleted === 0 && batch.errors.length === 0) return { end: 'finished' };
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.opts.waitMs ?? DELETE_LOOP_WAIT_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return { end: 'stopped' };
  }
}
