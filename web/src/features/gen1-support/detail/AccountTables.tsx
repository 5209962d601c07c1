import type { Gen1Account, Gen1DeviceView, Gen1Inconsistency, Room } from '@console/contracts';
import { GEN1_DEVICE_TYPES } from '@console/contracts';
import { Alert, List, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Column, TitledTable } from '../../../shared/ui/TitledTable.tsx';

const TYPE_NAMES = Object.fromEntries(Object.entries(GEN1_DEVICE_TYPES).map(([name, code]) => [code, name]));

const deviceColumns: Column<Gen1DeviceView>[] = [
  { header: 'Device id', cell: (d) => d.device_id },
  { header: 'Name', cell: (d) => d.name },
  { header: 'Serial', cell: (d) => d.serial },
  {
    header: 'Type',
    cell: (d) => `${d.device_type_id} ${d.typeName ?? TYPE_NAMES[d.device_type_id] ?? ''}`.trim(),
  },
  { header: 'Room', cell: (d) => d.roomName ?? d.room_id ?? '' },
  { header: 'WFL', cell: (d) => (d.wflName === null ? `${d.wfl_id} (missing)` : `${d.wfl_id} ${d.wflName}`) },
  { header: 'Active', cell: (d) => d.active },
];

const moodColumns: Column<Gen1Account['moods'][number]>[] = [
  { header: 'Name', cell: (m) => m.name },
  { header: 'Mood number', cell: (m) => m.mood_number },
  { header: 'Rank', cell: (m) => m.rank },
  { header: 'Room', cell: (m) => m.room_id },
];
const zoneColumns: Column<Gen1Account['zones'][number]>[] = [
  { header: 'Zone id', cell: (z) => z.zone_id },
  { header: 'Name', cell: (z) => z.name },
  { header: 'WFL', cell: (z) => z.wfl_id },
];
const timerColumns: Column<Gen1Account['timers'][number]>[] = [
  { header: 'Kind', cell: (t) => t.kind },
  { header: 'Name', cell: (t) => t.name },
  { header: 'Start', cell: (t) => t.start },
  { header: 'End', cell: (t) => t.end ?? '' },
  { header: 'Device value', cell: (t) => t.device_value },
  { header: 'Start time type', cell: (t) => t.start_time_type },
  { header: 'Minutes before/after', cell: (t) => t.minutes_before_after },
  { header: 'Start time', cell: (t) => t.start_time },
  { header: 'Start date', cell: (t) => t.start_date },
  { header: 'End date', cell: (t) => t.end_date ?? '' },
  { header: 'Rank', cell: (t) => t.rank },
];
const heatingColumns: Column<Gen1Account['heatingPlans'][number]>[] = [
  { header: 'Id', cell: (h) => h.id },
  { header: 'Device id', cell: (h) => h.device_id },
  { header: 'WFL', cell: (h) => h.wfl_id },
];

/** The data inconsistencies found among the account's rows (core spec §8), in red. */
export function Inconsistencies({ items }: { items: readonly Gen1Inconsistency[] }) {
  if (items.length === 0) return null;
  return (
    <Alert color="red" title="Data inconsistencies" role="alert">
      <List size="sm">
        {items.map((i) => (
          <List.Item key={`${i.kind}-${i.id}`}>{i.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

interface AccountTablesProps {
  account: Gen1Account;
  /** Only the rows of this WFL (the WFL's All Details); every row of the account otherwise. */
  wflId?: number;
  /** Extra cell for a room row (the support page's room actions). */
  roomActions?: (room: Room) => ReactNode;
}

/** Rooms, devices, moods, zones, timers and events, heating plans: the raw data of an account or one WFL. */
export function AccountTables({ account, wflId, roomActions }: AccountTablesProps) {
  const mine = <T extends { wfl_id: number }>(rows: readonly T[]) =>
    wflId === undefined ? rows : rows.filter((r) => r.wfl_id === wflId);
  const rooms = mine(account.rooms);
  const roomIds = new Set(rooms.map((r) => r.room_id));
  const moods = wflId === undefined ? account.moods : account.moods.filter((m) => roomIds.has(m.room_id));
  const roomColumns: Column<Room>[] = [
    { header: 'Room id', cell: (r) => r.room_id },
    { header: 'Name', cell: (r) => r.name },
    { header: 'Room number', cell: (r) => r.room_number },
    { header: 'WFL', cell: (r) => r.wfl_id },
    ...(roomActions ? [{ header: 'Actions', cell: roomActions }] : []),
  ];
  return (
    <Stack gap="md">
      <TitledTable title="Rooms" rows={rooms} rowKey={(r) => r.room_id} columns={roomColumns} />
      <TitledTable
        title="Devices"
        rows={mine(account.devices)}
        rowKey={(d) => d.device_id}
        columns={deviceColumns}
      />
      <TitledTable title="Moods" rows={moods} rowKey={(m) => m.mood_id} columns={moodColumns} />
      <TitledTable title="Zones" rows={mine(account.zones)} rowKey={(z) => z.zone_id} columns={zoneColumns} />
      <TitledTable
        title="Timers and events"
        rows={mine(account.timers)}
        rowKey={(t) => t.timer_id}
        columns={timerColumns}
      />
      <TitledTable
        title="Heating plans"
        rows={mine(account.heatingPlans)}
        rowKey={(h) => h.id}
        columns={heatingColumns}
      />
    </Stack>
  );
}
