import { EMPTY_SEGMENT, SEARCH_PAGE_SIZES, SEARCH_TEXT } from '@console/contracts';

/** The advanced options of the support search (core spec §2); only one is active at a time. */
export const ADVANCED_OPTIONS = ['mac', 'wfl', 'serial', 'deviceId', 'firmware', 'commercial'] as const;
export type AdvancedOption = (typeof ADVANCED_OPTIONS)[number];

export const OPTION_LABELS: Record<AdvancedOption, string> = {
  mac: 'MAC',
  wfl: 'WFL id or name',
  serial: 'Device serial',
  deviceId: 'Device id',
  firmware: 'WFL firmware version',
  commercial: 'Commercial Users',
};

export type PageSize = (typeof SEARCH_PAGE_SIZES)[number];

/** What is searched: the basic user term, and at most one advanced option with its value. */
export interface Criteria {
  searchterm?: string;
  by?: AdvancedOption;
  value?: string;
}

/** The search state of a Gen1 search screen, as it stands in the URL. */
export interface Gen1SearchParams extends Criteria {
  limit?: PageSize;
  offset?: number;
  /** The account whose detail is open. */
  detail?: number;
}

/** The advanced part of the form: one value per option; setting one clears the others. */
export interface AdvancedState {
  active: AdvancedOption | null;
  value: string;
}

export const NO_ADVANCED: AdvancedState = { active: null, value: '' };

/**
 * Typing into one advanced option makes it the active one and clears whatever another held;
 * emptying it (or unticking Commercial Users) leaves none active.
 */
export function setAdvanced(
  state: AdvancedState,
  option: AdvancedOption,
  value: string | boolean,
): AdvancedState {
  if (option === 'commercial')
    return value === true ? { active: 'commercial', value: '' } : clearIf(state, option);
  const text = typeof value === 'string' ? value : '';
  if (text === '') return clearIf(state, option);
  return { active: option, value: text };
}

function clearIf(state: AdvancedState, option: AdvancedOption): AdvancedState {
  return state.active === option ? NO_ADVANCED : state;
}

/** The value an option's input shows for this state (empty when another option is active). */
export function advancedValue(state: AdvancedState, option: AdvancedOption): string {
  return state.active === option ? state.value : '';
}

/** The search operations the criteria pick between, with the path parameters each takes. */
type SearchCall =
  | { operation: 'search.findUser'; params: { text: string } }
  | { operation: 'search.findAdvanced'; params: { user: string; mac: string; wfl: string } }
  | { operation: 'search.findByDevice'; params: { name: string } }
  | { operation: 'search.findByDeviceId'; params: { id: string } }
  | { operation: 'search.findFirmware'; params: { text: string } }
  | { operation: 'search.findCommercial'; params: Record<string, never> };

export type SearchRequest = SearchCall & {
  /** How the search reads in the recent-searches list. */
  label: string;
};

/** A path segment's value: the trimmed text, or the empty-segment marker. */
const seg = (text: string | undefined) => (text ?? '').trim() || EMPTY_SEGMENT;

/**
 * The call that answers these criteria (core spec §7 "Search"): an operation of the table and its
 * path parameters (the typed client encodes them). User, MAC and WFL combine (all must match);
 * device serial, device id, firmware and commercial stand alone. Null when there is nothing to
 * search (core spec §5: then nothing is searched).
 */
export function searchRequest(c: Criteria): SearchRequest | null {
  const user = (c.searchterm ?? '').trim();
  const value = (c.value ?? '').trim();
  switch (c.by) {
    case 'mac':
    case 'wfl':
      if (!value) return user ? searchRequest({ searchterm: user }) : null;
      return {
        operation: 'search.findAdvanced',
        params: {
          user: seg(user),
          mac: seg(c.by === 'mac' ? value : ''),
          wfl: seg(c.by === 'wfl' ? value : ''),
        },
        label: [user && `user ${user}`, `${OPTION_LABELS[c.by]} ${value}`].filter(Boolean).join(', '),
      };
    case 'serial':
      return value
        ? { operation: 'search.findByDevice', params: { name: value }, label: `Device serial ${value}` }
        : null;
    case 'deviceId':
      return /^[0-9]{1,15}$/.test(value)
        ? { operation: 'search.findByDeviceId', params: { id: value }, label: `Device id ${value}` }
        : null;
    case 'firmware':
      return value
        ? { operation: 'search.findFirmware', params: { text: value }, label: `Firmware ${value}` }
        : null;
    case 'commercial':
      return { operation: 'search.findCommercial', params: {}, label: 'Commercial Users' };
    default:
      return user ? { operation: 'search.findUser', params: { text: user }, label: user } : null;
  }
}

/** Why these criteria cannot be searched, in the words the form shows; null when they can. */
export function criteriaError(c: Criteria): string | null {
  if (searchRequest(c)) return null;
  if (c.by === 'deviceId' && (c.value ?? '').trim()) return 'A device id is a number.';
  return SEARCH_TEXT.needTerm;
}

/** The URL state of a search screen, from whatever the address bar held (router `validateSearch`). */
export function readSearchParams(raw: Record<string, unknown>): Gen1SearchParams {
  const out: Gen1SearchParams = {};
  const text = (v: unknown) =>
    typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 200) : '';
  const searchterm = text(raw.searchterm).trim();
  if (searchterm) out.searchterm = searchterm;
  if (typeof raw.by === 'string' && (ADVANCED_OPTIONS as readonly string[]).includes(raw.by)) {
    out.by = raw.by as AdvancedOption;
    const value = text(raw.value).trim();
    if (value && out.by !== 'commercial') out.value = value;
  }
  const limit = Number(raw.limit);
  if ((SEARCH_PAGE_SIZES as readonly number[]).includes(limit) && limit !== SEARCH_PAGE_SIZES[0]) {
    out.limit = limit as PageSize;
  }
  const offset = Number(raw.offset);
  if (Number.isInteger(offset) && offset > 0 && offset <= 1000) out.offset = offset;
  const detail = Number(raw.detail);
  if (Number.isInteger(detail) && detail > 0) out.detail = detail;
  return out;
}

/** The criteria part of the URL state (what the recent-searches list keeps). */
export function criteriaOf(p: Gen1SearchParams): Criteria {
  const c: Criteria = {};
  if (p.searchterm) c.searchterm = p.searchterm;
  if (p.by) c.by = p.by;
  if (p.value && p.by !== 'commercial') c.value = p.value;
  return c;
}

/** The form's advanced state for URL criteria. */
export function advancedOf(c: Criteria): AdvancedState {
  if (!c.by) return NO_ADVANCED;
  return { active: c.by, value: c.by === 'commercial' ? '' : (c.value ?? '') };
}
