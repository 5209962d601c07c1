import { ApiError, CHANNEL_LIST, type ChannelListPending, hubControlOperations } from '@console/contracts';
import { defineHandlers, Pending } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** How long /refresh waits for the rebuild before answering 202. */
const REFRESH_WAIT_MS = 1000;

const retryLater = (message: string) =>
  new Pending({ pending: true, message, retryAfterMs: CHANNEL_LIST.retryMs } satisfies ChannelListPending);

/** The live channel list (seed 001 §9): pages after a hubId marker, 202 while not complete. */
export function channelListHandlers(app: FastifyInstance) {
  const page = (after: number, size: number) => {
    const why = app.channels.pending();
    return why ? retryLater(why) : app.channels.page(after, size);
  };
  return defineHandlers(hubControlOperations, {
    'hub-control.channelList': async () => page(0, CHANNEL_LIST.pageSize),
    'hub-control.channelListPage': async (ctx) => {
      const size = Number(ctx.params.pageSize);
      if (size < 1) throw new ApiError(400, 'Ask for at least one channel per page.');
      if (size > CHANNEL_LIST.maxPageSize)
        throw new ApiError(
          413,
          `A page of ${size} channels is too large: ask for at most ${CHANNEL_LIST.maxPageSize} at a time.`,
        );
      return page(Number(ctx.params.continueFrom), size);
    },
    'hub-control.channelListRefresh': async () => {
      const done = await app.channels.refresh(REFRESH_WAIT_MS);
      return done ?? retryLater('The live channel list is being rebuilt from Redis; ask again in 5 seconds.');
    },
  });
}
