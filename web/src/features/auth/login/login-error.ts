import { isApiError } from '../../api/client.ts';

/** Login failures read 'error: ' and the server's message, else its status (analytics spec §8). */
export function loginErrorText(error: unknown): string {
  if (isApiError(error)) return `error: ${error.message || error.status}`;
  if (error instanceof Error && error.message) return `error: ${error.message}`;
  return 'error: Unknown error';
}
