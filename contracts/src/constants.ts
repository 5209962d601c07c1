/** The version label shown in the footer (analytics spec §9). */
export const VERSION_LABEL = '0.0.7';

/** Name of the HttpOnly cookie that carries the short-lived session JWT. */
export const SESSION_COOKIE = 'console_session';

/** One-time codes: length and lifetime and tries, from the specifications and the skeleton issue. */
export const ONE_TIME_CODE = { length: 6, ttlSeconds: 600, maxAttempts: 5 } as const;

/** A login older than this is marked on the admin list. */
export const OLD_LOGIN_MONTHS = 2;

export const PASSWORD_MIN_LENGTH = 3;
