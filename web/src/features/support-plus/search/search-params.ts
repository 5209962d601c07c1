import { type Gen2SearchBody, PRODUCT_SEARCH_FIELDS, type ProductSearchField } from '@console/contracts';

/** The longest search, and the longest entry kept in the local lists (seed 001 §5). */
export const MAX_ENTRY_LENGTH = 1000;
/** Structures listed before 'load all', and after it (the service's cap). */
export const FIRST_PAGE = 20;
export const LOAD_ALL = 100;

/**
 * The query of /supportPlus (seed 001 §2: `hostName`, `searchterm`, `debug`) and of the search
 * bar's options, so a search can be linked, reloaded and opened from the legacy /support page.
 */
export interface SupportPlusSearch {
  searchterm?: string;
  /** Also search products, by these fields (all four when none is given). */
  products?: boolean;
  fields?: ProductSearchField[];
  /** The 'Migrated' quick search. */
  migrated?: boolean;
  /** 'load all' structures. */
  all?: boolean;
  /** `debug=1` turns the debug view on (admins only). */
  debug?: 1;
  /** Selects the server host in the original; its effect is not specified, so it is only kept. */
  hostName?: string;
}

const flag = (v: unknown): boolean | undefined =>
  v === true || v === 'true' || v === 1 || v === '1' ? true : undefined;
const text = (v: unknown, max = MAX_ENTRY_LENGTH): string | undefined => {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v.slice(0, max) : undefined;
};

function readFields(v: unknown): ProductSearchField[] | undefined {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  const known = PRODUCT_SEARCH_FIELDS.filter((f) => list.includes(f));
  return known.length > 0 ? known : undefined;
}

/** validateSearch of the /supportPlus route: unknown or malformed parameters are dropped. */
export function validateSupportPlusSearch(raw: Record<string, unknown>): SupportPlusSearch {
  const out: SupportPlusSearch = {};
  const term = text(raw.searchterm);
  if (term !== undefined) out.searchterm = term;
  if (flag(raw.products)) out.products = true;
  const fields = readFields(raw.fields);
  if (fields && out.products) out.fields = fields;
  if (flag(raw.migrated)) out.migrated = true;
  if (flag(raw.all)) out.all = true;
  if (raw.debug === '1' || raw.debug === 1) out.debug = 1;
  const host = text(raw.hostName, 200);
  if (host !== undefined) out.hostName = host;
  return out;
}

/** The body of POST /api/supportPlus/search for the URL, or null when there is nothing to search. */
export function searchBody(s: SupportPlusSearch): Gen2SearchBody | null {
  const term = (s.searchterm ?? '').trim();
  if (!term && !s.migrated) return null;
  if (term.length > MAX_ENTRY_LENGTH) return null;
  return {
    text: term,
    ...(s.products ? { products: true, ...(s.fields ? { productFields: s.fields } : {}) } : {}),
    ...(s.migrated ? { migrated: true } : {}),
    limit: s.all ? LOAD_ALL : FIRST_PAGE,
  };
}

/** What a person is told about a search or list entry that is too long, or null when it is fine. */
export function entryProblem(value: string): string | null {
  return value.length > MAX_ENTRY_LENGTH
    ? `Too long: at most ${MAX_ENTRY_LENGTH} characters (this has ${value.length}).`
    : null;
}

/** A console served from this machine (seed 001 §2: Debug is on "when the host is local"). */
export const isLocalHost = (hostname: string) => ['localhost', '[::1]', '::1'].includes(hostname);
