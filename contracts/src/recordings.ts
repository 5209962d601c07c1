import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { CLIENT_TYPES, HubMessageSchema } from './hub-message.ts';

/**
 * Record and replay (issue 17 item 5): a hub's traffic for a window, personal data scrubbed by the
 * rules below, kept as JSON lines (one message a line with its offset from the first), and played
 * back by the simulator as a new hub in the original order and spacing.
 */

/** The scrub rules, applied by the recorder and listed in the console as they are. */
export const SCRUB_RULES = [
  {
    id: 'email',
    what: 'E-mail addresses',
    how: 'Any text that contains an e-mail address has the address replaced by "<email>".',
  },
  {
    id: 'name',
    what: 'Names',
    how: 'The value of a key called name, firstName, lastName, fullName, displayName, userName, ownerName, givenName, familyName, surname, nickname or contactName becomes "<name>".',
  },
  {
    id: 'token',
    what: 'Tokens and secrets',
    how: 'The value of a key containing token, secret, password, apikey, authorization, cookie or session becomes "<token>", and so does any text shaped like a JWT or a bearer token.',
  },
  {
    id: 'coordinate',
    what: 'Coordinates',
    how: 'The value of a key called lat, latitude, lon, lng, long, longitude, coordinates, coords, geo, location or position becomes null.',
  },
] as const;
export type ScrubRuleId = (typeof SCRUB_RULES)[number]['id'];
export type ScrubCounts = Record<ScrubRuleId, number>;

const NAME_KEYS = new Set(
  [
    'name',
    'firstname',
    'lastname',
    'fullname',
    'displayname',
    'username',
    'ownername',
    'givenname',
    'familyname',
    'surname',
    'nickname',
    'contactname',
  ].map((k) => k.toLowerCase()),
);
const TOKEN_KEY = /token|secret|password|apikey|api_key|authorization|cookie|session/i;
const COORD_KEYS = new Set([
  'lat',
  'latitude',
  'lon',
  'lng',
  'long',
  'longitude',
  'coordinates',
  'coords',
  'geo',
  'location',
  'position',
]);
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi;

export function emptyScrubCounts(): ScrubCounts {
  return { email: 0, name: 0, token: 0, coordinate: 0 };
}

function scrubText(s: string, counts: ScrubCounts): string {
  let out = s.replace(EMAIL, () => {
    counts.email++;
    return '<email>';
  });
  out = out.replace(JWT, () => {
    counts.token++;
    return '<token>';
  });
  return out.replace(BEARER, () => {
    counts.token++;
    return '<token>';
  });
}

/**
 * A copy of `value` with every rule of `SCRUB_RULES` applied (keys are matched without regard to
 * case); `counts` is increased by what each rule replaced.
 */
export function scrub(value: unknown, counts: ScrubCounts = emptyScrubCounts()): unknown {
  if (typeof value === 'string') return scrubText(value, counts);
  if (Array.isArray(value)) return value.map((v) => scrub(v, counts));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const k = key.toLowerCase();
    if (COORD_KEYS.has(k) && v !== null) {
      counts.coordinate++;
      out[key] = null;
    } else if (TOKEN_KEY.test(k) && typeof v !== 'object') {
      counts.token++;
      out[key] = '<token>';
    } else if (NAME_KEYS.has(k) && typeof v === 'string') {
      counts.name++;
      out[key] = '<name>';
    } else out[key] = scrub(v, counts);
  }
  return out;
}

/** One recorded message: the envelope as the hub sent or received it, and when (from the first). */
export const RecordingLineSchema = Type.Object(
  {
    offsetMs: Type.Integer({ minimum: 0, maximum: 86_400_000, description: 'ms after the first message' }),
    clientType: Type.Union(
      CLIENT_TYPES.map((c) => Type.Literal(c)),
      { description: 'Who the hub spoke with (link2: the hub itself)' },
    ),
    message: HubMessageSchema,
  },
  { additionalProperties: false },
);
export type RecordingLine = Static<typeof RecordingLineSchema>;

/** Limits of an upload through the console (the gateway takes bodies up to 256 KiB). */
export const RECORDING_LIMITS = {
  uploadChars: 240_000,
  downloadMessages: 2000,
  downloadChars: 600_000,
  windowMaxMs: 60 * 60_000,
  lines: 20_000,
} as const;

export const REPLAY_SPEEDS = [1, 10] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

const classToken = /^[A-Za-z0-9_-]{1,60}$/;

export interface RecordingProblem {
  line: number;
  message: string;
}

/**
 * Reads JSON lines into recording lines: each line must be JSON and match `RecordingLineSchema`,
 * class and operation must be subject tokens, and offsets may not go back. Blank lines are skipped.
 * Problems name their line (from 1); at most `maxProblems` are listed.
 */
export function parseRecording(
  text: string,
  maxProblems = 20,
): { lines: RecordingLine[]; problems: RecordingProblem[] } {
  const lines: RecordingLine[] = [];
  const problems: RecordingProblem[] = [];
  const raw = text.split(/\r?\n/);
  let last = 0;
  for (let i = 0; i < raw.length && problems.length < maxProblems; i++) {
    const s = (raw[i] as string).trim();
    if (s === '') continue;
    const n = i + 1;
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch {
      problems.push({ line: n, message: 'not JSON' });
      continue;
    }
    // Value, not TypeCompiler: the console's content security policy allows no generated code.
    if (!Value.Check(RecordingLineSchema, v)) {
      const e = Value.Errors(RecordingLineSchema, v).First();
      problems.push({ line: n, message: e ? `${e.path || '/'}: ${e.message}` : 'not a recording line' });
      continue;
    }
    if (!classToken.test(v.message.class) || !classToken.test(v.message.operation)) {
      problems.push({ line: n, message: 'class and operation must be letters, digits, _ or -' });
      continue;
    }
    if (v.offsetMs < last) {
      problems.push({ line: n, message: `offsetMs ${v.offsetMs} goes back (the line before is at ${last})` });
      continue;
    }
    last = v.offsetMs;
    lines.push(v);
  }
  if (problems.length === 0 && lines.length === 0)
    problems.push({ line: 1, message: 'the recording is empty' });
  if (lines.length > RECORDING_LIMITS.lines)
    problems.push({ line: RECORDING_LIMITS.lines + 1, message: `more than ${RECORDING_LIMITS.lines} lines` });
  return { lines, problems };
}

export function recordingText(lines: readonly RecordingLine[]): string {
  return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}

/**
 * The simulator's replay control, beside the hubs' own command subjects (the console user of
 * hub-control may publish on `hub.*.cmd` and the simulator hears it, so no new permission is
 * needed): `open` on `hub.replay.cmd` (one instance takes it) answers the new hub's id; the chunks
 * and `start` then go to `hub.<newId>.cmd` with the `Console-Replay` header, to that instance only.
 */
export const REPLAY_CONTROL = {
  hubToken: 'replay',
  header: 'Console-Replay',
  /** Lines per chunk: well under the broker's 1 MB payload. */
  chunkLines: 1000,
  /** A replayed hub stays connected (answering commands) this long after its last message. */
  lingerMs: 10 * 60_000,
} as const;

export const ReplayOpenSchema = Type.Object({
  speed: Type.Union(REPLAY_SPEEDS.map((s) => Type.Literal(s))),
  /** Where the messages came from (shown in the presence reason and logs only). */
  sourceHubId: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ReplayOpen = Static<typeof ReplayOpenSchema>;

export const ReplayStartedSchema = Type.Object({
  hubId: Type.Integer({ description: 'The new simulated hub playing the recording' }),
  messages: Type.Integer(),
  durationMs: Type.Integer({ description: 'How long the replay takes at its speed' }),
  speed: Type.Integer(),
  startsAt: Type.Number({ description: 'ms since the epoch of the first message' }),
});
export type ReplayStarted = Static<typeof ReplayStartedSchema>;
