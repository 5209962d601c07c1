import { errorMessage, isApiError } from '../../shared/api/client.ts';

/** What a screen says after a hub action: done, failed with the reason, or cancelled (neutral). */
export interface Said {
  ok: boolean;
  cancelled?: boolean;
  text: string;
}

// hub-control answers an action cancelled while pending with 409 'Cancelled by <name>: <what follows>'.
const CANCELLED = /^Cancelled by (.+?): (.*)$/s;

/** Who cancelled, as the person reading it says it: 'you' for their own cancel. */
export const byWhom = (name: string, me: string): string => (name === me ? 'you' : name);

/**
 * A failed call as a sentence for `me` to read: a cancel is not a failure ("Cancelled by you: …",
 * shown in grey), anything else keeps the server's reason.
 */
export function saidOfError(error: unknown, me: string): Said {
  const cancelled = isApiError(error, 409) ? CANCELLED.exec(error.message) : null;
  if (cancelled)
    return {
      ok: false,
      cancelled: true,
      text: `Cancelled by ${byWhom(cancelled[1] ?? '', me)}: ${cancelled[2]}`,
    };
  return { ok: false, text: errorMessage(error) };
}

export const saidColor = (said: Said): string => (said.ok ? 'teal' : said.cancelled ? 'gray' : 'red');
