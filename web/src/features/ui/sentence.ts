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
