import { ApiError, EMPTY_SEGMENT, normalizeMac } from '@console/contracts';

/** Escapes LIKE wildcards so a term is matched as typed. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A path segment as a search term: trimmed, and null for the placeholder or nothing. */
export function segment(raw: string | undefined): string | null {
  const t = (raw ?? '').trim();
  return t === '' || t === EMPTY_SEGMENT ? null : t;
}

/** A text term as ILIKE patterns: contains from 3 characters (trigram indexes), otherwise starts-with. */
export function textPattern(term: string): string {
  const t = likeEscape(term.trim());
  return term.trim().length >= 3 ? `%${t}%` : `${t}%`;
}

export interface MacTerm {
  /** The whole stored MAC when the term names one (12 hex digits, or the 6 shown without the vendor prefix). */
  exact: string[];
  /** ILIKE patterns on the stored `74:0A:BC:12:34:56` form, for part of a MAC. */
  patterns: string[];
}

const SEPARATORS = /[\s:.-]/g;

/**
 * A MAC search term. Staff type a whole MAC in any spelling, the six hex digits the console shows
 * (the vendor prefix hidden), or a part. A part without colons can sit at either byte alignment
 * ("2345" is in 12:34:56 as "23:45" and in 02:34:50 as "2:34:5"), so both are tried.
 */
export function macTerm(raw: string): MacTerm {
  const hex = raw.replace(SEPARATORS, '').toUpperCase();
  if (!/^[0-9A-F]{1,12}$/.test(hex)) {
    throw new ApiError(400, 'A MAC is made of hex digits (0-9, A-F), with or without colons.', {
      mac: 'Not a MAC',
    });
  }
  const exact: string[] = [];
  const whole = normalizeMac(hex);
  if (whole) exact.push(whole);
  if (hex.length === 6) exact.push(`74:0A:BC:${pairs(hex)}`);
  if (whole) return { exact, patterns: [] };
  const typedColons = /:/.test(raw);
  const patterns = typedColons
    ? [`%${likeEscape(raw.trim().toUpperCase())}%`]
    : [`%${pairs(hex)}%`, `%${hex.slice(0, 1)}:${pairs(hex.slice(1))}%`.replace(/:%$/, '%')];
  return { exact, patterns: [...new Set(patterns)] };
}

function pairs(hex: string): string {
  return hex.match(/.{1,2}/g)?.join(':') ?? '';
}

/** A firmware term: "2.9" and "v2.9" both mean the stored "V2.9…". */
export function firmwarePattern(raw: string): string {
  const t = raw.trim();
  const v = /^[0-9]/.test(t) ? `V${t}` : t.replace(/^v/, 'V');
  return `${likeEscape(v)}%`;
}

/** A whole number term, as a row id, or null. */
export function idTerm(raw: string): number | null {
  const t = raw.trim();
  return /^[0-9]{1,15}$/.test(t) ? Number(t) : null;
}
