/**
 * Text no store keeps faithfully: NUL (Postgres refuses it in text and JSON, and it used to come
 * back as a 500), lone UTF-16 surrogates (a `\ud800` escape in JSON makes one; it cannot be encoded
 * as UTF-8) and the non-characters U+FFFE / U+FFFF. Checked at the gateway, before anything is
 * forwarded, in keys as well as values.
 */
const BAD_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL is the point.
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/;

/** The first place (`body.name`, `query.q`) holding such text, or null. */
export function badTextAt(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return BAD_CHARACTER.test(value) ? where : null;
  // Bodies are bounded by the body limit; the depth bound only keeps a pathological one off the stack.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badTextAt(value[i], `${where}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    if (BAD_CHARACTER.test(key)) return `${where} (a field name)`;
    const found = badTextAt(v, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export const BAD_TEXT =
  'contains a character that cannot be stored (NUL, an unpaired surrogate or a non-character); remove it.';
