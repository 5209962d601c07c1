import { ApiError, parseRecording, RECORDING_LIMITS, recordingOperations } from '@console/contracts';
import { callerOf, defineHandlers, ReplayRefused, recordAudit, startReplay } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { recordHub } from './recorder.ts';

/** Record a hub's window (scrubbed) and replay an uploaded recording in the simulator (issue 17 item 5). */
export function recordingHandlers(app: FastifyInstance) {
  return defineHandlers(recordingOperations, {
    'hub-control.hubRecording': async (ctx) => {
      const hubId = Number(ctx.params.hubId);
      const { from, to } = ctx.query;
      if (to <= from) throw new ApiError(400, 'The window must end after it starts.');
      if (to - from > RECORDING_LIMITS.windowMaxMs)
        throw new ApiError(
          400,
          `The window may be at most ${RECORDING_LIMITS.windowMaxMs / 60_000} minutes.`,
        );
      const rec = await recordHub(app, hubId, from, to);
      await recordAudit(app, 'recording', callerOf(ctx), {
        action: 'record',
        hubId,
        from,
        to,
        messages: rec.lines.length,
        truncated: rec.truncated,
        scrubbed: rec.scrubbed,
      });
      return { hubId, from, to, messages: rec.lines.length, ...rec };
    },

    'hub-control.hubReplay': async (ctx) => {
      const { speed, recording, fileName } = ctx.body;
      const { lines, problems } = parseRecording(recording);
      if (problems.length > 0) {
        const listed = problems.map((p) => `line ${p.line}: ${p.message}`).join('; ');
        throw new ApiError(400, `The recording has bad lines: ${listed}`);
      }
      let started: Awaited<ReturnType<typeof startReplay>>;
      try {
        started = await startReplay(app.nats, app.subjects, lines, { speed });
      } catch (err) {
        if (err instanceof ReplayRefused)
          throw new ApiError(400, `The simulator refused the replay: ${err.message}`);
        app.log.warn({ err }, 'replay not started');
        throw new ApiError(
          503,
          `No simulator took the replay (${(err as Error).message}); is the simulator running?`,
        );
      }
      await recordAudit(app, 'recording', callerOf(ctx), {
        action: 'replay',
        hubId: started.hubId,
        speed,
        messages: started.messages,
        fileName: fileName ?? null,
      });
      return started;
    },
  });
}
