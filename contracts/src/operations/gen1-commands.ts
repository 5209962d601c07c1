import { type Static, type TProperties, Type } from '@sinclair/typebox';
import type { Role } from '../roles.ts';
import { MAX_WFL_COMMAND_LENGTH } from '../wfl-commands.ts';
import { ClosedObject, DateTimeString, fields, literalUnion, Nullable } from '../world/common.ts';
import { queuedCommandFields } from '../world/gen1-readings.ts';
import { op } from './types.ts';

/** The Gen1 command path's constants (seed 000 §4, §9). */
export const GEN1_COMMANDS_PAGE = 15;
export const GEN1_COMMANDS_REFRESH = 10;
export const GEN1_COMMANDS_MAX = 100;
export const GEN1_LATEST_PINGS = 20;
/** A WiFi link is online when its last ping is under this old. */
export const WFL_ONLINE_SECONDS = 60;
/** An open account re-checks each WFL's online status this often (seed 000 §6: re-polled every 20 s). */
export const WFL_ONLINE_POLL_MS = 20_000;
/** The auto-refresh toggles of the Pings and Commands panels run this long, then stop. */
export const GEN1_AUTO_REFRESH_SECONDS = 180;
/** Typed, in any case, to delete a link's un-executed commands (the shell's confirm modal). */
export const DELETE_UNEXECUTED_CONFIRMATION = 'yes';

export const GEN1_TEXT = {
  wrongConfirmation: 'Wrong Confirmation',
  offline:
    'The WiFi link is offline (no ping in the last 60 s), a command cannot be sent until the link is online.',
  timeout: 'No reply from the WiFi link in time; the outcome is unknown — check the link before retrying.',
  unreadable: 'The WiFi link sent an answer that could not be read; the outcome is unknown — check the link.',
  unreachable: 'No connection node holds this WiFi link right now; the command was not delivered.',
  badMac: 'A WiFi link address is a MAC such as 74:0A:BC:12:34:56 (or the 6 digits shown, 12:34:56).',
  noUser: 'No account with that user id.',
  notUsersLink: 'That WiFi link or device is not one of this user’s.',
  noLink: 'No WiFi link with that MAC.',
  noTables: 'The Gen1 tables are not there yet (load the world); nothing was done.',
} as const;

export function deleteConfirmationMatches(typed: string | undefined): boolean {
  return (typed ?? '').trim().toLowerCase() === DELETE_UNEXECUTED_CONFIRMATION;
}

const support: readonly Role[] = ['support', 'dev'];
const params = <P extends TProperties>(p: P) => ClosedObject(p);
const Mac = Type.String({
  minLength: 6,
  maxLength: 40,
  description: 'The WiFi link’s MAC (74:0A:BC:12:34:56, any spelling, or the 6 digits shown)',
});
const Count = Type.Integer({ minimum: 1, maximum: GEN1_COMMANDS_MAX, description: 'How many rows' });
/** Bounded: a command id is a Postgres bigint, and 1e308 (an integer to JSON Schema) made a 500. */
const LastId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  description: 'Rows older than this command id',
});

/** A command-queue row as the Commands table shows it (seed 000 §3): dates as ISO strings. */
export const Gen1CommandRowSchema = Type.Object(
  queuedCommandFields(
    DateTimeString,
    () => Type.Integer(),
    Type.Integer({ description: 'ms; slow at 3 s or more' }),
  ),
);
export type Gen1CommandRow = Static<typeof Gen1CommandRowSchema>;

export const Gen1CommandListSchema = Type.Object({
  mac: Type.String(),
  commands: Type.Array(Gen1CommandRowSchema),
  more: Type.Boolean({ description: 'Older rows exist beyond these' }),
});
export type Gen1CommandList = Static<typeof Gen1CommandListSchema>;

export const Gen1PingRowSchema = Type.Object({
  id: Type.Integer(),
  mac: Type.String(),
  date: DateTimeString(),
  ...fields(Type.String, 'data', 'reply', 'node'),
});
export type Gen1PingRow = Static<typeof Gen1PingRowSchema>;

export const Gen1PingsSchema = Type.Object({
  mac: Type.String(),
  online: Type.Boolean({ description: `Last ping under ${WFL_ONLINE_SECONDS} s old` }),
  lastPing: Nullable(DateTimeString()),
  pings: Type.Array(Gen1PingRowSchema),
});
export type Gen1Pings = Static<typeof Gen1PingsSchema>;

export const Gen1DeleteResultSchema = Type.Object({
  mac: Type.String(),
  deleted: Type.Integer(),
  message: Type.String(),
});
export type Gen1DeleteResult = Static<typeof Gen1DeleteResultSchema>;

/** What a sent command came to (a timeout is a 504 "outcome unknown", never this). */
export const Gen1CommandResultSchema = Type.Object({
  commandId: Type.Integer({ description: 'The command_queue row' }),
  ...fields(Type.Integer, 'userId', 'wflId'),
  ...fields(Type.String, 'mac', 'command'),
  state: literalUnion(['replied', 'failed']),
  ok: Type.Boolean(),
  reply: Nullable(Type.String()),
  latencyMs: Type.Integer(),
  message: Type.String(),
});
export type Gen1CommandResult = Static<typeof Gen1CommandResultSchema>;

const DeleteBody = ClosedObject({
  confirmation: Type.Optional(
    Type.String({ maxLength: 100, description: `Must be '${DELETE_UNEXECUTED_CONFIRMATION}' (typed)` }),
  ),
});

const base = '/api/support/wflCommands/:mac';
const listVariants = [
  { suffix: '', id: '', p: {} },
  { suffix: '/:count', id: 'Count', p: { count: Count } },
  { suffix: '/:count/:lastId', id: 'Older', p: { count: Count, lastId: LastId } },
] as const;

type ListVariant = (typeof listVariants)[number];

/** What the list and the delete of one path variant share: the path, its parameters, who may. */
const onVariant = <V extends ListVariant>(v: V) => ({
  service: 'hub-control' as const,
  path: `${base}${v.suffix}`,
  access: support,
  tags: ['gen1-commands'],
  params: params({ mac: Mac, ...v.p }),
});

const listCommands = <V extends ListVariant>(v: V) =>
  op({
    id: `hub-control.wflCommands${v.id}` as `hub-control.wflCommands${V['id']}`,
    method: 'GET',
    ...onVariant(v),
    summary: `A WiFi link's command queue, newest first: count rows (${GEN1_COMMANDS_PAGE} by default) older than lastId`,
    response: Gen1CommandListSchema,
  });

const deleteCommands = <V extends ListVariant>(v: V) =>
  op({
    id: `hub-control.deleteWflCommands${v.id}` as `hub-control.deleteWflCommands${V['id']}`,
    method: 'DELETE',
    ...onVariant(v),
    summary: `Delete a WiFi link's un-executed commands (no ack), within count / lastId when given; confirm with "${DELETE_UNEXECUTED_CONFIRMATION}"`,
    body: DeleteBody,
    response: Gen1DeleteResultSchema,
  });

/** The Gen1 command path (seed 000 §2 Pings, Commands, Poke; §7), served by hub-control. */
export const gen1CommandOperations = [
  op({
    id: 'hub-control.pingsLatest',
    service: 'hub-control',
    method: 'GET',
    path: '/api/support/pingsq/latest/:mac',
    access: support,
    summary: `The latest ${GEN1_LATEST_PINGS} pings of a WiFi link, newest first, and whether it is online`,
    tags: ['gen1-commands'],
    params: params({ mac: Mac }),
    response: Gen1PingsSchema,
  }),
  // One call a variant (not .map): each operation keeps its own id and params type.
  listCommands(listVariants[0]),
  listCommands(listVariants[1]),
  listCommands(listVariants[2]),
  deleteCommands(listVariants[0]),
  deleteCommands(listVariants[1]),
  deleteCommands(listVariants[2]),
  op({
    id: 'hub-control.noReplyCommands',
    service: 'hub-control',
    method: 'GET',
    path: '/api/support/wflcommands/noReplayCommands/:mac',
    access: support,
    summary: `A WiFi link's commands that got no reply, newest first (at most ${GEN1_COMMANDS_MAX})`,
    tags: ['gen1-commands'],
    params: params({ mac: Mac }),
    response: Gen1CommandListSchema,
  }),
  op({
    id: 'hub-control.impersonateCommand',
    service: 'hub-control',
    method: 'GET',
    path: '/api/impersonate-user/:userId/:deviceId/:command',
    access: support,
    summary:
      'Send a poke command as the user to one of their WiFi links (deviceId: the link’s MAC or wfl_id, or one of their device ids); queued, sent once, followed to its reply',
    tags: ['gen1-commands'],
    params: params({
      userId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description: 'Gen1 user id' }),
      deviceId: Type.String({
        minLength: 1,
        maxLength: 40,
        description: 'The WiFi link’s MAC (WiFiLink address) or wfl_id, or a device id of the user',
      }),
      command: Type.String({
        minLength: 1,
        maxLength: MAX_WFL_COMMAND_LENGTH,
        description: 'The command string, e.g. !R1D2FdP16 (URL-encoded)',
      }),
    }),
    response: Gen1CommandResultSchema,
  }),
];
