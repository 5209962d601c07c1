import { describe, expect, it } from 'vitest';
import { cookieIsSecure, gatewayConfig } from './config.ts';

const http = { protocol: 'http' };
const https = { protocol: 'https' };
const config = (env: Record<string, string>) => gatewayConfig({ JWT_SECRET: 'x'.repeat(32), ...env });

describe('the session cookie’s Secure flag', () => {
  it('is on in production (the image sets NODE_ENV=production), even behind a proxy that speaks http', () => {
    const prod = config({ NODE_ENV: 'production' });
    expect(cookieIsSecure(prod, http)).toBe(true);
    expect(cookieIsSecure(prod, https)).toBe(true);
  });

  it('follows the request for the local http demo (NODE_ENV unset)', () => {
    const dev = config({});
    expect(cookieIsSecure(dev, http)).toBe(false);
    expect(cookieIsSecure(dev, https)).toBe(true);
  });

  it('does what COOKIE_SECURE says when set', () => {
    expect(cookieIsSecure(config({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }), https)).toBe(false);
    expect(cookieIsSecure(config({ COOKIE_SECURE: 'true' }), http)).toBe(true);
    expect(cookieIsSecure(config({ NODE_ENV: 'production', COOKIE_SECURE: 'auto' }), http)).toBe(false);
  });
});
