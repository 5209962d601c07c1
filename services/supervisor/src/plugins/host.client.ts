import type { Subjects } from '@console/contracts';
import { ApiError, type HostCommand, HostCommandReplySchema, type ProcessInfo } from '@console/contracts';
import { type NatsConnection, errors as natsErrors } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';

const checkReply = TypeCompiler.Compile(HostCommandReplySchema);

/** Asks a host's supervisord over NATS request/reply (`host.<id>.cmd`), as the legacy board's XML-RPC did. */
export class HostClient {
  private readonly nc: NatsConnection;
  private readonly subjects: Subjects;
  private readonly timeoutMs: number;

  constructor(nc: NatsConnection, subjects: Subjects, timeoutMs: number) {
    this.nc = nc;
    this.subjects = subjects;
    this.timeoutMs = timeoutMs;
  }

  async ask(hostId: string, cmd: HostCommand): Promise<ProcessInfo[]> {
    let raw: unknown;
    try {
      const msg = await this.nc.request(this.subjects.hostCmd(hostId), JSON.stringify(cmd), {
        timeout: this.timeoutMs,
      });
      raw = msg.json();
    } catch (err) {
      const noResponders =
        err instanceof natsErrors.NoRespondersError ||
        (err instanceof natsErrors.RequestError && err.isNoResponders());
      if (noResponders)
        throw new ApiError(503, `Host ${hostId} is not reachable: nothing answers for it on the bus.`);
      if (err instanceof natsErrors.TimeoutError)
        throw new ApiError(504, `Host ${hostId} did not answer in time; the outcome is unknown.`);
      if (err instanceof SyntaxError)
        throw new ApiError(502, `Host ${hostId} sent an answer that could not be read.`);
      throw err;
    }
    if (!checkReply.Check(raw))
      throw new ApiError(502, `Host ${hostId} sent an answer that could not be read.`);
    if (!raw.ok) throw new ApiError(502, `Host ${hostId} refused: ${raw.error}`);
    return raw.processes;
  }
}
