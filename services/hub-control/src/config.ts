import { CommonConfigSchema, configReader, intSetting } from '@console/kit';
import { type Static, Type } from '@sinclair/typebox';

export const HubControlConfigSchema = Type.Composite([
  CommonConfigSchema,
  Type.Object({
    REDIS_PREFIX: Type.String({
      default: 'console',
      description: 'Prefix of every Redis key (presence, hub info)',
    }),
    HUB_TIMEOUT_MS: intSetting(
      5000,
      100,
      "How long a hub has to answer; keep it under the gateway's REQUEST_TIMEOUT_MS",
    ),
    ACTION_BUDGET_MS: intSetting(
      9000,
      1000,
      "How long a hub action may take in all (hub reply, then its audit record); keep it under the gateway's REQUEST_TIMEOUT_MS",
    ),
    PRESENCE_TTL_S: intSetting(
      90,
      5,
      'A presence not refreshed for this long counts as unknown (offline); 3× the simulator refresh',
    ),
    PRESENCE_REFRESH_S: intSetting(
      30,
      1,
      "How often connected hubs re-announce their presence (the simulator's SIM_PRESENCE_REFRESH_S): the channel list answers 202 until this long after start",
    ),
    WFL_TIMEOUT_MS: intSetting(
      5000,
      100,
      "How long a Gen1 WiFi link has to answer a command; keep it under the gateway's 10 s",
    ),
    PING_KEEP_H: intSetting(
      24,
      1,
      'Pings hub-control stored are kept this many hours (the world’s own pings are never pruned)',
    ),
    AUDIT_LINGER_MS: intSetting(
      50,
      0,
      "How long the audit writer's first record waits for others before the transactions and notes go to Mongo in one insert each (off the request path; the store's CPU goes by inserts as much as by documents)",
    ),
    STAGE_LINGER_MS: intSetting(
      50,
      0,
      'How long a command waterfall stage waits for others before they go to Mongo in one insert (off the request path; a stage shows this much later)',
    ),
    PG_POOL_MAX: intSetting(5, 1, 'Postgres connections per instance'),
    HUB_INFO_TTL_S: intSetting(
      86_400,
      60,
      'How long the last system read and live info stay on the hub card',
    ),
    SURVEY_CONCURRENCY: Type.Integer({
      default: 32,
      minimum: 1,
      maximum: 500,
      description: 'Survey Links: hubs asked at the same time by one survey',
    }),
    SURVEY_HUB_TIMEOUT_MS: Type.Integer({
      default: 3000,
      minimum: 100,
      description: 'Survey Links: how long one hub has to answer (never retried)',
    }),
    SURVEY_BUDGET_MS: Type.Integer({
      default: 8000,
      minimum: 500,
      description:
        "Survey Links: a survey asks no hub after this long and answers; keep it under the gateway's REQUEST_TIMEOUT_MS",
    }),
    DEPLOYMENT_LABEL: Type.String({
      default: 'this console',
      description: 'This deployment as the engineering consoles name it (User Sockets, Move Links)',
    }),
    DEPLOYMENT_HUB_HOST: Type.String({
      default: 'localhost:4181',
      description: "host:port this deployment's links connect to: a Move Links destination",
    }),
    DEPLOYMENT_AUTH_HOST: Type.String({
      default: '',
      description: "This deployment's auth server as the engineering consoles show it; empty: the console",
    }),
    DEPLOYMENT_PROTOCOL: Type.Union([Type.Literal('wss'), Type.Literal('ws')], {
      default: 'wss',
      description: "This deployment's websocket protocol (its links' and its consoles' sockets)",
    }),
    OTHER_DEPLOYMENTS: Type.String({
      default: '[]',
      description:
        'Other deployments an operator lists, as JSON: [{"label", "webSocketHost", "authHost", "protocol"}]. With this one, the only deployments the engineering consoles offer (User Sockets connects the browser to `protocol://webSocketHost/ws`; give the gateway the same list) and the only Move Links destinations accepted',
    }),
  }),
]);
export type HubControlConfig = Static<typeof HubControlConfigSchema>;

export const hubControlConfig = configReader(HubControlConfigSchema);
