import {
  ApiError,
  type HostCommand,
  type HostCommandReply,
  HostCommandReplySchema,
  type ProcessInfo,
  type Subjects,
} from '@console/contracts';
import { requestOnce } from '@console/kit';
import type { NatsConnection } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';

const checkReply = TypeCompiler.Compile(HostCommandReplySchema);

/** Asks a host's supervisord over NATS request/reply (`host.<id>.cmd`), as the legacy board's XML-RPC did. */
export function hostClient(nc: NatsConnection, subjects: Subjects, timeoutMs: number) {
  return {
    async ask(hostId: string, cmd: HostCommand): Promise<ProcessInfo[]> {
      const out = await requestOnce(nc, subjects.hostCmd(hostId), cmd, {
        timeoutMs,
        accept: (r): r is HostCommandReply => checkReply.Check(r),
      });
      if (out.kind === 'unreachable')
        throw new ApiError(503, `Host ${hostId} is not reachable: nothing answers for it on the bus.`);
      if (out.kind === 'timeout')
        throw new ApiError(504, `Host ${hostId} did not answer in time; the outcome is unknown.`);
      if (out.kind === 'unreadable')
        throw new ApiError(502, `Host ${hostId} sent an answer that could not be read.`);
      if (!out.reply.ok) throw new ApiError(502, `Host ${hostId} refused: ${out.reply.error}`);
      return out.reply.processes;
    },
  };
}
export type HostClient = ReturnType<typeof hostClient>;
