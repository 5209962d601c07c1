import { describe, expect, it } from 'vitest';
import { parseTopic, TopicError } from './topics.ts';

describe('parseTopic', () => {
  it('reads every kind of topic', () => {
    expect(parseTopic('hub:4660')).toEqual({ kind: 'hub', key: 'hub:4660', hubIds: ['4660'] });
    expect(parseTopic('structure:12-ab', ['9', '3', '9'])).toEqual({
      kind: 'structure',
      key: 'structure:12-ab|3,9',
      rootGroupId: '12-ab',
      hubIds: ['3', '9'],
    });
    expect(parseTopic('wfl:74:0A:BC:01:02:03:pings')).toMatchObject({
      mac: '74:0A:BC:01:02:03',
      feed: 'pings',
    });
    expect(parseTopic('wfl:740ABC010203:commands')).toMatchObject({ mac: '740ABC010203', feed: 'commands' });
    expect(parseTopic('overview')).toEqual({ kind: 'overview', key: 'overview' });
    expect(parseTopic('supervisor')).toEqual({ kind: 'supervisor', key: 'supervisor' });
  });

  it('refuses what would not make a safe subject, or is not a topic', () => {
    for (const [topic, hubs] of [
      ['hub:1.2'],
      ['hub:>'],
      ['hub:'],
      ['structure:12-ab'],
      ['structure:12-ab', ['a.b']],
      ['hub:1', ['1']],
      ['wfl:74:0A:BC:01:02:pings'],
      ['wfl:74:0A:BC:01:02:03:other'],
      ['overview:x'],
      ['nonsense'],
    ] as const) {
      expect(() => parseTopic(topic, hubs as readonly string[] | undefined)).toThrow(TopicError);
    }
  });
});
