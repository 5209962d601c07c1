import { ApiError } from '@console/contracts';
import type { ErrorMapping } from '@console/kit';

const PG_CANCELED = '57014';
const PG_UNDEFINED_TABLE = '42P01';

/**
 * The kit's error mapping in search's words, with its own cases first: a statement stopped by the
 * time limit is a 422 the person can act on; the legacy tables not loaded yet a 503 saying so.
 */
export const searchErrors: ErrorMapping = {
  unavailable: 'Search is temporarily unavailable (a database is not answering); please try again shortly.',
  map: (err, ctx) => {
    const code = (err as { code?: string } | null)?.code;
    if (code === PG_CANCELED) {
      return new ApiError(422, 'The search took too long and was stopped; use a longer or more exact term.');
    }
    if (code === PG_UNDEFINED_TABLE) {
      ctx.log.warn({ err }, 'search tables missing');
      return new ApiError(503, 'The customer data is not loaded yet; please try again once it is.');
    }
    return undefined;
  },
};
