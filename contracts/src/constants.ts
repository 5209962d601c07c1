/** The version label shown in the footer (analytics spec §9). */
export const VERSION_LABEL = '0.0.7';

/** Name of the HttpOnly cookie that carries the short-lived session JWT. */
export const SESSION_COOKIE = 'console_session';

/** One-time codes: length and lifetime and tries, from the specifications and the skeleton issue. */
export const ONE_TIME_CODE = { length: 6, ttlSeconds: 600, maxAttempts: 5 } as const;

/** A login older than this is marked on the admin list. */
export const OLD_LOGIN_MONTHS = 2;

/** Staff passwords (NIST SP 800-63B): at least this long and not a common one; no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
/** What the signup, settings and admin forms say about passwords; the auth service applies it. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters and not a commonly used password; any characters, spaces included — a few words make a good one.`;

/** The world map (analytics spec §2, §4, §9). */
export const WORLD_MAP = {
  centre: { lat: 54, lng: -4 },
  zoom: 6,
  defaultDays: 6,
  firstBatch: 1,
  maxBatch: 1500,
  refreshMs: 60_000,
  /** The product's own layer (MACs under the vendor prefix and every other prefix). */
  productLayer: 'LightwaveRF',
  /** MAC prefixes of the partner brands' layers (hidden by default). */
  cocoPrefixes: ['10', '11'],
  nexaPrefixes: ['12', '13'],
} as const;

/** The console checks for a new build this often (analytics spec §4, §9). */
export const VERSION_CHECK_MS = 15 * 60 * 1000;
