import { isApiError } from '../../../shared/api/client.ts';
import { sentence } from '../../../shared/ui/sentence.ts';

/** A login failure as a sentence (issue 30: never 'error: …'): the server's message, else its status. */
export function loginErrorText(error: unknown): string {
  if (isApiError(error))
    return error.message ? sentence(error.message) : `Sign-in failed (status ${error.status}).`;
  if (error instanceof Error && error.message) return sentence(error.message);
  return 'Sign-in failed for a reason the console was not told.';
}
