/**
 * The Gen1 legacy schema (seed 000 §3), as an append-only list: a released migration is never
 * edited; a change is a new entry. Applied by `migrateWorld` and recorded in world_migrations.
 *
 * Foreign keys hold where the legacy data keeps its integrity. There are none from devices to
 * wfls nor on heating_plans: the specification reports devices and heating plans whose WFL or
 * device no longer exists (seed 000 §8), and the console must be able to show them.
 */
export const WORLD_MIGRATIONS: readonly { name: string; sql: string }[] = [
  {
    name: '001_gen1_accounts',
    sql: `
      create extension if not exists pg_trgm;
      create table users (
        user_id bigint primary key,
        email text not null,
        username text not null,
        name text not null,
        role text,
        active smallint not null default 1 check (active in (0, 1)),
        created bigint not null,
        updated bigint not null,
        plist_import smallint not null default 0 check (plist_import in (0, 1))
      );
      create table wfls (
        wfl_id bigint primary key,
        user_id bigint not null references users on delete cascade,
        mac text not null,
        name text not null,
        serial text not null,
        firmware text,
        active smallint not null default 1 check (active in (0, 1)),
        created bigint not null,
        updated bigint not null,
        heating smallint not null default 0 check (heating in (0, 1)),
        pingtime bigint
      );
      create table device_types (
        device_type_id integer primary key,
        name text not null,
        active smallint not null default 1,
        wlf_code text not null,
        prod smallint not null default 1,
        is_heating smallint not null default 0
      );
      create table device_type_values (
        device_type_value_id integer primary key,
        device_type_id integer not null references device_types,
        value text not null,
        wlf_code text not null,
        description text not null
      );
      create table rooms (
        room_id bigint primary key,
        wfl_id bigint not null references wfls on delete cascade,
        name text not null,
        room_number integer not null
      );
      create table devices (
        device_id bigint primary key,
        device_type_id integer not null references device_types,
        name text not null,
        serial text not null,
        wfl_id bigint not null,
        room_id bigint references rooms on delete set null,
        active smallint not null default 1 check (active in (0, 1))
      );
      create table moods (
        mood_id bigint primary key,
        room_id bigint not null references rooms on delete cascade,
        name text not null,
        mood_number integer not null,
        rank integer not null
      );
      create table zones (
        zone_id bigint primary key,
        wfl_id bigint not null references wfls on delete cascade,
        name text not null
      );
      create table timers (
        timer_id bigint primary key,
        wfl_id bigint not null references wfls on delete cascade,
        mac text not null,
        kind text not null check (kind in ('timer', 'event')),
        name text not null,
        start text not null,
        "end" text,
        device_value text not null,
        start_time_type text not null,
        minutes_before_after integer not null,
        start_time text not null,
        start_date date not null,
        end_date date,
        rank integer not null
      );
      create table heating_plans (id bigint primary key, device_id bigint not null, wfl_id bigint not null);`,
  },
  {
    name: '002_gen1_readings',
    sql: `
      create table command_queue (
        id bigint primary key,
        wfl_id bigint not null,
        mac text not null,
        email text not null,
        request_date timestamptz not null,
        command text not null,
        reply boolean not null default false,
        reply_date timestamptz,
        reply_string text,
        latency integer,
        ack_date timestamptz
      );
      create table pings (
        id bigint primary key,
        mac text not null,
        date timestamptz not null,
        data text not null,
        reply text not null,
        node text not null
      );
      create table latest_temperature (
        mac text not null,
        serial text not null,
        time timestamptz not null,
        current_temp numeric(5, 2) not null,
        current_target numeric(5, 2) not null,
        primary key (serial, mac)
      );
      create table latest_energy (
        mac text not null,
        serial text not null,
        time timestamptz not null,
        current_use numeric(10, 2) not null,
        total_day_use numeric(12, 2) not null,
        primary key (serial, mac)
      );
      create table energy_readings (
        id bigint primary key,
        mac text not null,
        serial text not null,
        time timestamptz not null,
        current_use numeric(10, 2) not null,
        total_day_use numeric(12, 2) not null,
        created_at timestamptz not null
      );`,
  },
  { name: '003_gen1_indexes', sql: indexes() },
  {
    name: '004_world_meta',
    sql: `
      create table world_meta (
        id smallint primary key default 1 check (id = 1),
        seed bigint not null,
        customers integer not null,
        histories boolean not null,
        status text not null check (status in ('loading', 'loaded')),
        updated timestamptz not null default now()
      );
      create table world_parked_indexes (name text primary key, def text not null);`,
  },
  {
    // No foreign key: the map reads this table alone, and a benchmark loads it alone.
    name: '005_wfl_locations',
    sql: `
      create table wfl_locations (
        wfl_id bigint primary key,
        mac text not null,
        lat double precision,
        long double precision,
        energy smallint not null default 0 check (energy in (0, 1)),
        created bigint not null
      );
      create index wfl_locations_created on wfl_locations (created, wfl_id);`,
  },
  {
    // The command graphs (ack stats, demand, daily) read a window of the queue by request date;
    // with the ack date and latency beside it the read never touches the table.
    name: '006_command_queue_request_date',
    sql: 'create index if not exists command_queue_request_date on command_queue (request_date) include (ack_date, latency);',
  },
  {
    // What the per-WFL panels of the support detail read (seed 000 §2): the imported plist, the
    // public-API command log, the Alexa discovery of the account, and the link's triggers and log.
    name: '007_gen1_wfl_panels',
    sql: `
      create table wfl_plists (
        wfl_id bigint primary key references wfls on delete cascade,
        imported bigint not null,
        plist text not null
      );
      create table api_command_log (
        id bigint primary key,
        wfl_id bigint not null references wfls on delete cascade,
        mac text not null,
        action text not null,
        time timestamptz not null,
        type text not null,
        device_id bigint,
        command_value text not null,
        command_description text not null,
        error text,
        raw text not null
      );
      create index api_command_log_wfl on api_command_log (wfl_id, time desc, id desc);
      create table alexa_discovered (
        user_id bigint primary key references users on delete cascade,
        updated timestamptz not null,
        auth_user_id text not null,
        devices text not null,
        error text
      );
      create table wfl_triggers (
        id bigint primary key,
        wfl_id bigint not null references wfls on delete cascade,
        name text not null,
        kind text not null,
        condition text not null,
        action text not null,
        active smallint not null default 1 check (active in (0, 1)),
        created bigint not null
      );
      create index wfl_triggers_wfl on wfl_triggers (wfl_id);
      create table wfl_logs (
        id bigint primary key,
        wfl_id bigint not null references wfls on delete cascade,
        time timestamptz not null,
        level text not null,
        text text not null
      );
      create index wfl_logs_wfl on wfl_logs (wfl_id, time desc, id desc);`,
  },
  {
    // The world's now (its load time; null: a world from before it had one, on the reference clock)
    // and how far an unfinished load got, so the next run resumes there.
    name: '008_world_now',
    sql: `
      alter table world_meta add column world_now timestamptz;
      alter table world_meta add column pg_customers integer;
      create table world_growth (
        id smallint primary key default 1 check (id = 1),
        tick bigint not null,
        updated timestamptz not null default now()
      );`,
  },
  {
    // The growth's next customer number (growth.ts), kept beside its next tick.
    name: '009_world_growth_customers',
    sql: 'alter table world_growth add column customers bigint not null default 0;',
  },
];

function indexes(): string {
  return `
    -- Substring search (ILIKE '%term%') on what staff type: pg_trgm GIN indexes.
    create index users_email_trgm on users using gin (email gin_trgm_ops);
    create index users_username_trgm on users using gin (username gin_trgm_ops);
    create index users_name_trgm on users using gin (name gin_trgm_ops);
    create index wfls_name_trgm on wfls using gin (name gin_trgm_ops);
    create index wfls_mac_trgm on wfls using gin (mac gin_trgm_ops);
    create index devices_name_trgm on devices using gin (name gin_trgm_ops);
    -- Exact and prefix search (= and LIKE 'term%'): btree with text_pattern_ops. E-mail through
    -- lower(), so a search never depends on how an edit spelled it.
    create index users_email_prefix on users (lower(email) text_pattern_ops);
    create index wfls_mac_prefix on wfls (mac text_pattern_ops);
    create index wfls_serial_prefix on wfls (serial text_pattern_ops);
    create index wfls_firmware_prefix on wfls (firmware text_pattern_ops);
    create index devices_serial_prefix on devices (serial text_pattern_ops);
    create index users_role on users (role) where role is not null;
    -- The joins and listings.
    create index wfls_user on wfls (user_id);
    create index rooms_wfl on rooms (wfl_id);
    create index devices_wfl on devices (wfl_id);
    create index devices_room on devices (room_id);
    create index devices_type on devices (device_type_id);
    create index moods_room on moods (room_id);
    create index zones_wfl on zones (wfl_id);
    create index timers_wfl on timers (wfl_id);
    create index timers_mac on timers (mac);
    create index heating_plans_device on heating_plans (device_id);
    create index heating_plans_wfl on heating_plans (wfl_id);
    create index device_type_values_type on device_type_values (device_type_id);
    create index command_queue_mac on command_queue (mac, id desc);
    create index command_queue_no_reply on command_queue (mac, id desc) where not reply;
    create index pings_mac on pings (mac, date desc);
    create index energy_readings_serial on energy_readings (serial, time);
    create index energy_readings_mac on energy_readings (mac, time);`;
}
