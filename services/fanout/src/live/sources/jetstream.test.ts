import type { StreamInfo } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { epochOf } from './jetstream.ts';

const info = (name: string, created: string) => ({ config: { name }, created }) as StreamInfo;

describe('epochOf', () => {
  it('is the same for the same stream on every instance, and new when the stream is re-created', () => {
    const a = epochOf(info('C_HUB_MSGS', '2026-01-01T00:00:00.1Z'));
    expect(epochOf(info('C_HUB_MSGS', '2026-01-01T00:00:00.1Z'))).toBe(a);
    expect(epochOf(info('C_HUB_MSGS', '2026-01-01T00:00:00.2Z'))).not.toBe(a);
    expect(epochOf(info('D_HUB_MSGS', '2026-01-01T00:00:00.1Z'))).not.toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});
