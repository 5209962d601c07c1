export interface WaitOptions {
  /** How long to keep asking (default 10 s). */
  timeoutMs?: number;
  /** How long to wait between two asks (default 50 ms). */
  intervalMs?: number;
  /** More to tell when it times out, e.g. the logs of the processes under test. */
  detail?: () => string;
}

/**
 * Asks `check` until it says yes, or fails naming `what` it was waiting for. The one way tests
 * wait for something eventual, instead of sleeping a guessed time.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  opts: WaitOptions = {},
): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (!(await check())) {
    if (Date.now() > deadline) {
      const more = opts.detail?.();
      throw new Error(`timed out waiting for ${what}${more ? `\n${more}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}
