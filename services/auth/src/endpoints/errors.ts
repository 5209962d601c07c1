import type { ErrorMapping } from '@console/kit';

export const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable; please try again shortly.';
export const UNAVAILABLE = 'The account service is temporarily unavailable; please try again shortly.';

const signInOps = new Set(['auth.login', 'auth.verifyCode']);

/**
 * The kit's error mapping in auth's words: a store that cannot be reached is a 503, and sign-in
 * says so in its own words (and never lets anyone in).
 */
export const authErrors: ErrorMapping = {
  unavailable: (operationId) => (signInOps.has(operationId) ? SIGN_IN_UNAVAILABLE : UNAVAILABLE),
};
