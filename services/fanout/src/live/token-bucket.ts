/**
 * A token bucket: `perSecond` on average, at most `burst` at once. Used for every socket's frames
 * and for the raw channel's messages per socket and per user.
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt = performance.now();
  readonly perSecond: number;
  private readonly burst: number;

  constructor(perSecond: number, burst: number) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.tokens = burst;
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
