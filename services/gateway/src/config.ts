import { CommonConfigSchema, configReader, intSetting } from '@console/kit';
import { SessionConfigSchema } from '@console/kit/session';
import { type Static, Type } from '@sinclair/typebox';

export const GatewayConfigSchema = Type.Composite([
  CommonConfigSchema,
  SessionConfigSchema,
  Type.Object({
    PORT: Type.Integer({ default: 8080, minimum: 0, maximum: 65535 }),
    REQUEST_TIMEOUT_MS: intSetting(10_000, 100, 'How long an API call waits for its service'),
    WEB_DIST: Type.String({
      default: '',
      description: 'Built console to serve; empty: web/dist of this checkout',
    }),
    TRUST_PROXY: Type.Boolean({ default: false }),
    BODY_LIMIT_BYTES: Type.Integer({ default: 262_144, minimum: 1024 }),
    FANOUT_URL: Type.String({
      default: '',
      description:
        'Where /ws upgrades go: the fan-out as host:port (several comma-separated, taken in turn; a Kubernetes Service name is one); empty: every fan-out instance $SRV discovery finds',
    }),
    FANOUT_DISCOVERY_MS: intSetting(
      5000,
      100,
      'How often the fan-out instances are looked up again (FANOUT_URL empty)',
    ),
    INTERNAL_HOST: Type.String({
      default: '127.0.0.1',
      description: 'Address of the internal listener serving /metrics and /readyz (never the public one)',
    }),
    INTERNAL_PORT: Type.Integer({
      default: 0,
      minimum: 0,
      maximum: 65535,
      description: 'Port of that internal listener; 0 picks a free one (logged)',
    }),
    OTHER_DEPLOYMENTS: Type.String({
      default: '[]',
      description:
        "The other deployments hub-control's OTHER_DEPLOYMENTS lists (the same JSON): the console's pages may open their `protocol://webSocketHost/ws` (CSP connect-src), User Sockets' server selection",
    }),
    LINK_CLOUD_URL: Type.String({
      default: '',
      description:
        'The third-party link service (Philips Hue, Sonos linking) reached under /link/* by signed-in staff; empty: 503',
    }),
    LINK_LOGIN_LIMIT: Type.Integer({
      default: 5,
      minimum: 1,
      description:
        'Customer-password tries through /link/* per staff member and per customer a minute; past it 429 with the wait',
    }),
    OIDC_ISSUER: Type.String({
      default: '',
      description:
        "Single sign-on: the OpenID Connect provider's issuer URL; empty hides 'Connect with the provider'",
    }),
    OIDC_CLIENT_ID: Type.String({ default: '' }),
    OIDC_CLIENT_SECRET: Type.String({ default: '' }),
    OIDC_PROVIDER: Type.String({
      default: 'provider',
      pattern: '^[a-z0-9-]{1,40}$',
      description: 'The {provider} of /auth/{provider} and its /callback',
    }),
    OIDC_REDIRECT_URL: Type.String({
      default: '',
      description:
        'The callback URL registered at the provider; empty: this request origin + /auth/{provider}/callback',
    }),
    OIDC_ALLOW_HTTP: Type.Boolean({
      default: false,
      description: 'Let the provider be reached over plain http (a local test provider only)',
    }),
  }),
]);
export type GatewayConfig = Static<typeof GatewayConfigSchema>;

export const gatewayConfig = configReader(GatewayConfigSchema);

export { cookieIsSecure } from '@console/kit/session';
