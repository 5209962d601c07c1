import type { Gen1CommandRow } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { mergeCommands, oldestId, pokeError, stopTime } from './wfl-commands.ts';

const row = (id: number, reply = false): Gen1CommandRow => ({
  id,
  wfl_id: 1,
  mac: '74:0A:BC:00:00:01',
  email: 'a@b.c',
  request_date: '2025-01-01T00:00:00.000Z',
  command: '!R1D1F1',
  reply,
  reply_date: null,
  reply_string: reply ? 'OK' : null,
  latency: null,
  ack_date: null,
});

describe('wfl-commands logic', () => {
  it('stops an auto-refresh 180 s after it started', () => {
    expect(stopTime(1_000, 180)).toBe(181_000);
  });

  it('merges refreshed rows into the loaded pages, newest first, each id once', () => {
    const merged = mergeCommands([row(12), row(11, true)], [[row(11), row(10)], [row(9)]]);
    expect(merged.map((r) => r.id)).toEqual([12, 11, 10, 9]);
    expect(merged[1]?.reply).toBe(true);
    expect(oldestId(merged)).toBe(9);
    expect(oldestId([])).toBeNull();
  });

  it('checks a poke command against the reference table before sending', () => {
    expect(pokeError('!R1D2FdP16')).toBeNull();
    expect(pokeError('!R1D2FdP40')).toBe('Dim level must be 1 to 32.');
    expect(pokeError('!R1DhF*tP40.5')).toBe('Temperature must be 0 to 40 in 0.5 steps.');
    expect(pokeError(' ')).toBe('Enter a command string.');
  });
});
