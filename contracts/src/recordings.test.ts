import { describe, expect, it } from 'vitest';
import { emptyScrubCounts, parseRecording, type RecordingLine, recordingText, scrub } from './recordings.ts';

const line = (offsetMs: number, payload: Record<string, unknown> = {}): RecordingLine => ({
  offsetMs,
  clientType: 'link2',
  message: {
    version: '1.0',
    transactionId: offsetMs,
    senderId: '7',
    direction: 'notification',
    class: 'feature',
    operation: 'event',
    items: [{ itemId: 0, payload, success: true }],
  },
});

describe('scrub', () => {
  it('replaces e-mails, names, tokens and coordinates and counts each', () => {
    const counts = emptyScrubCounts();
    const out = scrub(
      {
        owner: { firstName: 'Ada', LastName: 'Lovelace', name: 'Ada L.' },
        text: 'write to ada@example.org or bob@example.com',
        auth: { refreshToken: 'abc', password: 'pw' },
        header: 'Bearer abcdefghijkl',
        jwt: 'x eyJhbGciOi.eyJzdWIiOi.sig',
        where: { lat: 51.5, Longitude: -0.1, location: { x: 1 } },
        value: 21.5,
        featureId: 'f-1',
      },
      counts,
    );
    expect(out).toEqual({
      owner: { firstName: '<name>', LastName: '<name>', name: '<name>' },
      text: 'write to <email> or <email>',
      auth: { refreshToken: '<token>', password: '<token>' },
      header: '<token>',
      jwt: 'x <token>',
      where: { lat: null, Longitude: null, location: null },
      value: 21.5,
      featureId: 'f-1',
    });
    expect(counts).toEqual({ email: 2, name: 3, token: 4, coordinate: 3 });
  });
});

describe('parseRecording', () => {
  it('reads what recordingText writes', () => {
    const lines = [line(0), line(5, { a: 1 }), line(5)];
    expect(parseRecording(recordingText(lines))).toEqual({ lines, problems: [] });
  });

  it('names each bad line: not JSON, wrong shape, bad tokens, offsets going back', () => {
    const good = JSON.stringify(line(10));
    const badClass = JSON.stringify({ ...line(11), message: { ...line(11).message, class: 'a.b' } });
    const text = [good, 'nope', '{"offsetMs":1}', badClass, JSON.stringify(line(3)), ''].join('\n');
    const { problems } = parseRecording(text);
    expect(problems.map((p) => p.line)).toEqual([2, 3, 4, 5]);
    expect(problems[0]?.message).toBe('not JSON');
    expect(problems[3]?.message).toMatch(/goes back/);
  });

  it('refuses an empty recording', () => {
    expect(parseRecording('\n\n').problems).toEqual([{ line: 1, message: 'the recording is empty' }]);
  });
});
