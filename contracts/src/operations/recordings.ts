import { Type } from '@sinclair/typebox';
import { RECORDING_LIMITS, REPLAY_SPEEDS, RecordingLineSchema, ReplayStartedSchema } from '../recordings.ts';
import { ClosedObject } from '../world/common.ts';
import { serviceOp } from './types.ts';

const recordingOp = serviceOp('hub-control', ['hub-control', 'recordings']);
const access = ['support', 'dev'] as const;

/** Record a hub's traffic (scrubbed) and replay a recording as a new simulated hub (issue 17 item 5). */
export const recordingOperations = [
  recordingOp('hub-control.hubRecording', 'GET', '/api/supportPlus/hub/:hubId/recording', {
    access,
    summary: `A hub's messages in a window (at most ${RECORDING_LIMITS.windowMaxMs / 60_000} min), personal data scrubbed by SCRUB_RULES; at most ${RECORDING_LIMITS.downloadMessages} messages (truncated says so)`,
    params: ClosedObject({
      hubId: Type.String({ pattern: '^[0-9]{1,16}$', description: 'Numeric link id' }),
    }),
    querystring: ClosedObject({
      from: Type.Integer({ minimum: 0, description: 'Window start, ms since the epoch' }),
      to: Type.Integer({ minimum: 0, description: 'Window end, ms since the epoch' }),
    }),
    response: Type.Object({
      hubId: Type.Integer(),
      from: Type.Number(),
      to: Type.Number(),
      messages: Type.Integer(),
      truncated: Type.Boolean({ description: 'More messages were in the window than one recording holds' }),
      skipped: Type.Integer({ description: 'Stored messages that were not readable envelopes' }),
      scrubbed: Type.Object({
        email: Type.Integer(),
        name: Type.Integer(),
        token: Type.Integer(),
        coordinate: Type.Integer(),
      }),
      lines: Type.Array(RecordingLineSchema),
    }),
  }),
  recordingOp('hub-control.hubReplay', 'POST', '/api/supportPlus/hub-replay', {
    access,
    summary: `Replay a recording (JSON lines, at most ${RECORDING_LIMITS.uploadChars} characters) as a new simulated hub at 1× or 10×; bad lines are a 400 naming them`,
    body: ClosedObject({
      speed: Type.Union(REPLAY_SPEEDS.map((s) => Type.Literal(s))),
      recording: Type.String({ minLength: 1, maxLength: RECORDING_LIMITS.uploadChars }),
      fileName: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    response: ReplayStartedSchema,
  }),
] as const;
