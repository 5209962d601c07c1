import { CommonConfigSchema, configReader, intSetting } from '@console/kit';
import { type Static, Type } from '@sinclair/typebox';
import { FLEET_SOURCES } from './plugins/fleet-source.ts';

const rate = (def: number, description: string) => Type.Number({ default: def, minimum: 0, description });

export const SimulatorConfigSchema = Type.Composite([
  CommonConfigSchema,
  Type.Object({
    FLEET: Type.Union(
      Object.keys(FLEET_SOURCES).map((k) => Type.Literal(k)),
      { default: 'synthetic', description: 'Where the fleet comes from (plugins/fleet-source.ts)' },
    ),
    SIM_HUBS: intSetting(100, 0, 'Hubs in the synthetic fleet (all shards together)'),
    SIM_WFLS: intSetting(20, 0, 'Gen1 WiFi links in the synthetic fleet'),
    SIM_HOSTS: intSetting(6, 0, 'Supervisord hosts in the synthetic fleet'),
    SIM_SEED: intSetting(1, 0, 'Same seed, same fleet and same events'),
    WORLD_CUSTOMERS: intSetting(
      2000,
      1,
      'Size of the generated world, for FLEET=world (the demo world of infra/demo/seed.ts)',
    ),
    SIM_RECORDS: Type.Union([Type.Literal('auto'), Type.Literal('store'), Type.Literal('fleet')], {
      default: 'auto',
      description:
        "store: each hub answers from the world's records of it in MONGO_URL (read at its first command, again after a STORE announcement), and new customers' hubs join the fleet; fleet: from the fleet source alone; auto: store for FLEET=world",
    }),
    SIM_RECORDS_WAIT_MS: intSetting(
      500,
      0,
      "A hub's first command waits this long for its records from the store, then is answered from what the hub holds (the read goes on)",
    ),
    SIM_SHARD: Type.String({
      default: '0/1',
      pattern: '^[0-9]+/[1-9][0-9]*$',
      description: 'i/n: this instance carries the hubs whose id mod n is i (and every n-th link and host)',
    }),
    SIM_TICK_MS: intSetting(100, 10, 'One timer for the whole fleet, this often'),
    SIM_CONNECT_SPREAD_MS: intSetting(1000, 0, 'Hubs connect spread over this long at start'),
    SIM_PRESENCE_REFRESH_S: intSetting(30, 1, 'Each connected hub re-announces its presence this often'),
    SIM_RESTART_MS: intSetting(3000, 0, 'A restarted hub reconnects after this long'),
    SIM_WFL_PING_S: intSetting(30, 1, 'Each WiFi link pings this often (online when under 60 s old)'),
    SIM_HOST_HEARTBEAT_S: intSetting(
      30,
      1,
      'Each host sends a heartbeat this often (ok when under 2 min old)',
    ),
    SIM_EVENTS_PER_HUB_PER_MIN: rate(1, 'Feature value changes per hub per minute'),
    SIM_STATUS_PER_HUB_PER_MIN: rate(0.2, 'Device status changes per hub per minute'),
    SIM_LOGS_PER_HUB_PER_MIN: rate(0.5, 'Log messages per hub per minute'),
    SIM_NOTIFICATIONS_PER_HUB_PER_MIN: rate(0.1, 'Push notifications per hub per minute'),
    SIM_CLIENTS: intSetting(30, 0, "Customers' client sessions (app, web, voice agent) that come and go"),
    SIM_CLIENT_STAY_S: intSetting(120, 1, 'A client session connects or leaves about this often'),
    SIM_BUSY_HUBS: intSetting(
      0,
      0,
      'The first hubs (with devices) of each instance that send several messages a second',
    ),
    SIM_BUSY_MESSAGES_PER_S: rate(
      4,
      'Messages a second each busy hub sends (feature changes, logs, device status)',
    ),
    SIM_GROWTH: Type.Union([Type.Literal('off'), Type.Literal('on')], {
      default: 'off',
      description:
        "on: shard 0 keeps the loaded world growing in Postgres and Mongo (services/world's growWorld) at the rates below",
    }),
    SIM_GROWTH_CUSTOMERS_PER_DAY: rate(
      100,
      'New customers a day (a provider of 100,000 growing ~3 % a month)',
    ),
    SIM_GROWTH_LINKS_PER_DAY: rate(30, 'WiFi links added to existing Gen1 accounts a day'),
    SIM_GROWTH_DEVICES_PER_DAY: rate(300, 'Devices paired to existing WiFi links a day'),
    SIM_GROWTH_COMMANDS_PER_DAY: rate(3000, 'Commands a day: half Gen1 pokes, half Gen2 hub actions'),
    SIM_GROWTH_NOTES_PER_DAY: rate(50, 'Support notes a day'),
    SIM_GROWTH_TICK_S: intSetting(60, 1, 'The growth writes one tick of this length at a time'),
    SIM_GROWTH_CATCH_UP_DAYS: rate(7, 'A world left longer than this catches up only this much'),
  }),
]);
export type SimulatorConfig = Static<typeof SimulatorConfigSchema>;

export const simulatorConfig = configReader(SimulatorConfigSchema);

/** Whether the hubs answer from the world's store (SIM_RECORDS). */
export const recordsFromStore = (c: SimulatorConfig): boolean =>
  c.SIM_RECORDS === 'store' || (c.SIM_RECORDS === 'auto' && c.FLEET === 'world');
