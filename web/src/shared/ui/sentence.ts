/**
 * A message as a sentence (issue 30): capital first letter, closing punctuation, no 'error: '
 * prefix in front of it (the red of the alert already says it failed). Blank text gives `blank`.
 */
export function sentence(text: string | null | undefined, blank = 'Something went wrong.'): string {
  const t = (text ?? '').trim().replace(/^error:\s*/i, '');
  if (!t) return blank;
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…)]$/.test(capital) ? capital : `${capital}.`;
}

/** A failure the seed words as "<what> error: <message>" (or "Error: …", "error: …"), split to show. */
export interface Failure {
  /** The seed's words before the message ("Error", "Get user by email error"); null when none. */
  title: string | null;
  /** The message as a sentence. */
  text: string;
}

/**
 * Splits a seed's failure text for an alert (issue 30): the seed's own words up to "error:" become
 * the alert's title with a capital letter, the message after them its sentence ("error: Wrong
 * code." → "Error" / "Wrong code."; "Get user by email error: not found" → "Get user by email
 * error" / "Not found."). A text with no "…error:" in front (the seed's "error after success") is
 * one sentence.
 */
export function failureOf(said: string): Failure {
  const found = /^([^:]*?\berror)\s*:\s*(.*)$/is.exec(said.trim());
  if (!found?.[1]) return { title: null, text: sentence(said) };
  const head = found[1];
  return { title: head.charAt(0).toUpperCase() + head.slice(1), text: sentence(found[2]) };
}
