import type { HubCard } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { formatStats, knownFacts, visibleActions } from './hub-actions.ts';

const card = (info: Partial<NonNullable<HubCard['info']>> | null): HubCard => ({
  hubId: 3154116608,
  hubIdHex: 'bc000000',
  rootGroupId: 'r',
  presence: null,
  stats: null,
  record: null,
  info:
    info === null
      ? null
      : ({ systemStorageNumber: 0, errorState: false, ...info } as NonNullable<HubCard['info']>),
});

describe('hub card actions', () => {
  it('offers Fix Storage only on a storage error and Reset ErrorState only in error state', () => {
    const labels = (c: HubCard) => visibleActions(c).map((a) => a.label);
    expect(labels(card({}))).not.toContain('Fix Storage');
    expect(labels(card({}))).not.toContain('Reset ErrorState');
    expect(labels(card({ systemStorageNumber: 2 }))).toContain('Fix Storage');
    expect(labels(card({ errorState: true }))).toContain('Reset ErrorState');
    expect(labels(card(null))).toEqual(['Restart', 'HomeKit Unpair', 'Sync Link', 'Backup', 'Remove Link']);
  });

  it('guards Remove Link with the typed words and marks Remove and Sync as queued', () => {
    const remove = visibleActions(card({})).find((a) => a.label === 'Remove Link');
    expect(remove?.confirm?.words).toBe('remove link');
    expect(
      visibleActions(card({}))
        .filter((a) => a.queued)
        .map((a) => a.label),
    ).toEqual(['Sync Link', 'Remove Link']);
  });

  it('asks before a restart or a HomeKit unpair, without typed words', () => {
    const asked = visibleActions(card({})).filter((a) => a.ask);
    expect(asked.map((a) => a.label)).toEqual(['Restart', 'HomeKit Unpair']);
    expect(asked.every((a) => !a.confirm)).toBe(true);
  });

  it('formats connection stats', () => {
    expect(formatStats(null)).toBe('—');
    expect(formatStats({ average: 41.5, count: 12, min: 9, max: 130 })).toBe(
      '41.5 ms avg · 12 samples · 9–130 ms',
    );
  });
});

describe('what the hub card knows before a read', () => {
  const stored = {
    firmwareVersion: '6.7.1',
    configNumber: 42,
    locked: true,
    lockedSince: '2026-11-01T08:00:00Z',
  };
  it('takes the stored record until the link has been read, then the read', () => {
    expect(knownFacts(card(null), stored)).toEqual({ ...stored, source: 'record', at: null });
    const read = card({
      firmwareVersion: '6.8.0',
      configNumber: 43,
      locked: false,
      lockedSince: null,
      readAt: 5,
    });
    expect(knownFacts(read, stored)).toEqual({
      firmwareVersion: '6.8.0',
      configNumber: 43,
      locked: false,
      lockedSince: null,
      source: 'read',
      at: 5,
    });
    expect(knownFacts(card(null), undefined)).toBeNull();
  });
});
