import {
  REPLAY_CONTROL,
  type RecordingLine,
  type ReplaySpeed,
  type ReplayStarted,
  type Subjects,
} from '@console/contracts';
import { headers, type NatsConnection } from '@nats-io/nats-core';

export class ReplayRefused extends Error {}

async function ask(
  nc: NatsConnection,
  subject: string,
  body: unknown,
  control: string | null,
  timeout: number,
): Promise<Record<string, unknown>> {
  const h = control ? headers() : undefined;
  if (h && control) h.set(REPLAY_CONTROL.header, control);
  const m = await nc.request(subject, JSON.stringify(body), { timeout, headers: h });
  const answer = JSON.parse(m.string()) as Record<string, unknown>;
  if (answer.ok !== true) throw new ReplayRefused(String(answer.error ?? 'the simulator refused the replay'));
  return answer;
}

/**
 * Hands a recording to the simulator and starts it as a new hub (the protocol of `REPLAY_CONTROL`):
 * open (one simulator instance takes it and names the hub), the lines in chunks, then start.
 */
export async function startReplay(
  nc: NatsConnection,
  subjects: Subjects,
  lines: readonly RecordingLine[],
  opts: { speed: ReplaySpeed; sourceHubId?: number; timeoutMs?: number },
): Promise<ReplayStarted> {
  const timeout = opts.timeoutMs ?? 5000;
  const open = {
    speed: opts.speed,
    ...(opts.sourceHubId !== undefined ? { sourceHubId: opts.sourceHubId } : {}),
  };
  const { hubId } = await ask(nc, subjects.hubCmd(REPLAY_CONTROL.hubToken), open, null, timeout);
  const subject = subjects.hubCmd(Number(hubId));
  for (let i = 0; i < lines.length; i += REPLAY_CONTROL.chunkLines)
    await ask(nc, subject, { lines: lines.slice(i, i + REPLAY_CONTROL.chunkLines) }, 'chunk', timeout);
  const started = await ask(nc, subject, {}, 'start', timeout);
  const { ok: _ok, ...rest } = started;
  return rest as unknown as ReplayStarted;
}
