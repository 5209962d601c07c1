import type { RecordingLine, ReplaySpeed, ReplayStarted, ScrubCounts } from '@console/contracts';
import { call } from '../../shared/api/call.ts';

export interface HubRecording {
  hubId: number;
  from: number;
  to: number;
  messages: number;
  truncated: boolean;
  skipped: number;
  scrubbed: ScrubCounts;
  lines: RecordingLine[];
}

/** A hub's messages in [from, to], scrubbed (GET /api/supportPlus/hub/:hubId/recording). */
export function fetchRecording(hubId: number, from: number, to: number): Promise<HubRecording> {
  return call('hub-control.hubRecording', { params: { hubId }, query: { from, to } });
}

/** Replays a recording (JSON lines) as a new simulated hub (POST /api/supportPlus/hub-replay). */
export function startReplay(
  recording: string,
  speed: ReplaySpeed,
  fileName?: string,
): Promise<ReplayStarted> {
  return call('hub-control.hubReplay', { body: { recording, speed, ...(fileName ? { fileName } : {}) } });
}
