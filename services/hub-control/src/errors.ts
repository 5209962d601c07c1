import type { ErrorMapping } from '@console/kit';

/**
 * The kit's error mapping in hub-control's words: a store that cannot be reached before anything
 * was sent is a 503 a person can wait out (Postgres going away included, as everywhere).
 */
export const hubControlErrors: ErrorMapping = {
  unavailable:
    'Hub actions are unavailable right now (a store cannot be reached); nothing was sent to the link.',
};
