import { describe, expect, it } from 'vitest';
import { voiceWeeks, weekStart } from './api-users.ts';

const s = (iso: string) => Date.parse(iso) / 1000;

describe('voice users per week', () => {
  it('counts links by lower-cased e-mail, dates old ones 2015-10-01 and caps the day gap at 99', () => {
    const data = {
      alexaUsers: [
        { created: s('2015-01-01T00:00:00Z'), email: 'Old@Example.com' },
        { created: s('2016-06-01T00:00:00Z'), email: 'late@example.com' },
      ],
      voiceUsers: 2,
      allUsers: [
        { created: s('2015-10-01T00:00:00Z'), users: 1 },
        { created: s('2015-10-02T00:00:00Z'), users: 1 },
      ],
      // The link of Old@ was made later than the account; keyed lower-case.
      alexaUserCreatedAt: {
        'old@example.com': s('2014-05-05T00:00:00Z'),
        'late@example.com': s('2016-06-01T00:00:00Z'),
      },
    };
    const weeks = voiceWeeks(data, Date.parse('2015-09-28T00:00:00Z'), Date.parse('2016-06-30T00:00:00Z'));
    const first = weeks[0];
    expect(first?.week).toBe(new Date(weekStart(Date.parse('2015-10-01T00:00:00Z'))).toISOString());
    expect(first).toMatchObject({ voice: 1, all: 2, percent: 50 });
    const june = weeks.find((w) => w.voice === 1 && w !== first);
    expect(june?.dayGap).toBe(99);
    expect(weeks.reduce((n, w) => n + w.voice, 0)).toBe(2);
  });
});
