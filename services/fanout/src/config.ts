import { RAW_LIMITS } from '@console/contracts';
import { CommonConfigSchema, configReader, intSetting } from '@console/kit';
import { SessionConfigSchema } from '@console/kit/session';
import { type Static, Type } from '@sinclair/typebox';

export const FanoutConfigSchema = Type.Composite([
  CommonConfigSchema,
  SessionConfigSchema,
  Type.Object({
    PORT: Type.Integer({
      default: 8090,
      minimum: 0,
      maximum: 65535,
      description: 'Port of /ws (and health, metrics); 0 picks a free one',
    }),
    ADVERTISE_HOST: Type.String({
      default: '',
      description:
        'Address the gateways reach this instance at, published in its $SRV metadata (url); empty: HOST, or 127.0.0.1 when HOST is 0.0.0.0/::',
    }),
    REQUEST_TIMEOUT_MS: intSetting(10_000, 100, 'How long a hub check or raw send waits for hub-control'),
    TRUST_PROXY: Type.Boolean({
      default: true,
      description:
        "Read the caller's address from X-Forwarded-For (the gateway's proxy or the ingress sets it)",
    }),
    LIVE_TICK_MS: Type.Integer({
      // One animation frame: a busy topic's events wait at most this long (a quiet one not at all).
      default: 16,
      minimum: 5,
      maximum: 1000,
      description: 'Live events are batched and written once per tick',
    }),
    LIVE_BACKFILL: Type.Integer({
      default: 200,
      minimum: 0,
      maximum: 2000,
      description: 'Events sent when a live panel opens',
    }),
    LIVE_PRESENCE_TTL_S: intSetting(
      90,
      5,
      "A hub counts as connected in the overview while its last presence is this fresh (hub-control's PRESENCE_TTL_S)",
    ),
    LIVE_RING_SIZE: Type.Integer({
      default: 500,
      minimum: 10,
      maximum: 20_000,
      description: 'Recent events each topic keeps in memory for back-fill and quick resumes',
    }),
    LIVE_RING_BYTES: Type.Integer({
      default: 1_048_576,
      minimum: 1024,
      maximum: 268_435_456,
      description: "Most bytes of events' JSON each topic's ring holds (the newest event always stays)",
    }),
    LIVE_REPLAY_MAX: intSetting(
      5000,
      10,
      'Most events replayed from JetStream on a resume; further behind means reload',
    ),
    HEAP_GROWING_PERCENT: intSetting(
      0,
      0,
      "V8's old space may grow this much past what survived its last full collection before the next one (as Go's GOGC); 0 leaves V8's own policy (up to four times, and far more before the first)",
    ),
    LIVE_SLOW_CONSUMER_BYTES: intSetting(
      4 * 1024 * 1024,
      16 * 1024,
      'Bytes queued for one socket above which it is closed with 4008',
    ),
    LIVE_TOPIC_LINGER_MS: intSetting(
      2000,
      0,
      'How long a topic without watchers keeps its subscription (quick reconnects reuse it)',
    ),
    LIVE_MAX_TOPICS_PER_SOCKET: Type.Integer({ default: 50, minimum: 1 }),
    LIVE_MAX_TOPICS_PER_USER: intSetting(
      100,
      1,
      'Distinct topics one user may watch across all their sockets',
    ),
    LIVE_MAX_SOCKETS_PER_USER: Type.Integer({ default: 10, minimum: 1 }),
    LIVE_MAX_STREAM_TOPICS: intSetting(
      600,
      2,
      'Hub and structure topics (one JetStream consumer each) this instance holds for everyone; at least twice LIVE_MAX_TOPICS_PER_USER',
    ),
    LIVE_INBOUND_PER_SECOND: intSetting(
      20,
      1,
      'Frames a socket may send per second on average; above it the socket is closed (4029)',
    ),
    LIVE_INBOUND_BURST: intSetting(60, 1, 'Frames a socket may send at once'),
    LIVE_HUB_CHECK_TTL_MS: intSetting(
      300_000,
      0,
      'How long a hub found to exist is remembered for live subscriptions',
    ),
    WS_ALLOWED_ORIGINS: Type.String({
      default: '',
      description:
        'Comma-separated origins (https://console.example) whose pages may open /ws; the console’s own origin (the Host it was reached by) always may',
    }),
    RAW_MAX_BYTES: Type.Integer({
      default: RAW_LIMITS.maxBytes,
      minimum: 256,
      maximum: 60 * 1024,
      description: 'Largest raw-channel frame (engineering consoles); larger ones are refused with 413',
    }),
    RAW_PER_SOCKET_PER_SECOND: Type.Integer({
      default: RAW_LIMITS.perSocketPerSecond,
      minimum: 1,
      description: 'Raw messages one socket may send per second on average (refused with 429 above)',
    }),
    RAW_PER_SOCKET_BURST: Type.Integer({ default: RAW_LIMITS.perSocketBurst, minimum: 1 }),
    RAW_PER_USER_PER_SECOND: Type.Integer({
      default: RAW_LIMITS.perUserPerSecond,
      minimum: 1,
      description: 'Raw messages one user may send per second across their sockets on this instance',
    }),
    RAW_PER_USER_BURST: Type.Integer({ default: RAW_LIMITS.perUserBurst, minimum: 1 }),
    LINK2_PRESENCE_REFRESH_S: Type.Integer({
      default: 30,
      minimum: 1,
      description: 'How often a Link2 page (a browser acting as a hub) re-announces its presence',
    }),
    LINK2_PENDING_MS: Type.Integer({
      default: 60_000,
      minimum: 1000,
      description: 'How long a command to a Link2 page waits for the page to reply before it is dropped',
    }),
    FLEET_MAX_COST: intSetting(
      20_000,
      10,
      "A fleet-lens expression's highest static cost estimate (the kit's CEL cost); above it the query is refused (400)",
    ),
    FLEET_EVAL_BUDGET: intSetting(
      10_000,
      100,
      'Steps one evaluation of a fleet-lens expression may take (comprehension elements, regex work); past it the message is an error, not a match',
    ),
    FLEET_SAMPLES_PER_SECOND: intSetting(
      50,
      1,
      'Matching messages a fleet-lens query sends to the browser per second; the rest are counted (shed)',
    ),
    FLEET_MAX_QUERIES: intSetting(
      50,
      1,
      'Fleet-lens queries (distinct topics) this instance evaluates at once; more are refused (503)',
    ),
    LIVE_SESSION_CHECK_MS: intSetting(
      60_000,
      1000,
      'How often open live sockets re-check their session and roles',
    ),
  }),
]);
export type FanoutConfig = Static<typeof FanoutConfigSchema>;

export const fanoutConfig = configReader(FanoutConfigSchema);
