import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, DateTimeString, fields, Nullable } from '../../world/common.ts';
import { WflLocationSchema, WflSchema } from '../../world/gen1.ts';
import { WflTriggerSchema } from '../../world/gen1-panels.ts';
import { WflViewSchema } from './gen1.ts';

/** Rows per load of the Command log and Log panels (Load more asks for the next ones). */
export const WFL_PANEL_PAGE = 10;
export const WFL_PANEL_MAX = 50;

/** Load more: `limit` rows older than the row `before` (an id of the previous answer), newest first. */
export const WflPanelPageQuerySchema = ClosedObject({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: WFL_PANEL_MAX, description: `Rows, ${WFL_PANEL_PAGE} by default` }),
  ),
  before: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Rows older than this row id (the last id of the previous answer)',
    }),
  ),
});
export type WflPanelPageQuery = Static<typeof WflPanelPageQuerySchema>;

const page = <T extends ReturnType<typeof Type.Object>>(row: T) =>
  Type.Object({
    wfl_id: Type.Integer(),
    rows: Type.Array(row, { description: 'Newest first' }),
    total: Type.Integer({ description: 'Rows of this WFL in all' }),
    more: Type.Boolean({ description: 'Older rows exist beyond these' }),
  });

export const WflPlistViewSchema = Type.Object({
  wfl_id: Type.Integer(),
  imported: Nullable(DateTimeString('When the plist was imported; null when the WFL has none')),
  entries: Type.Array(Type.Object(fields(Type.String, 'key', 'value')), { description: 'In stored order' }),
});
export type WflPlistView = Static<typeof WflPlistViewSchema>;

export const ApiCommandEntrySchema = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  time: DateTimeString(),
  type: Type.String(),
  device_id: Nullable(Type.Integer()),
  command_value: Type.String(),
  command_description: Type.String(),
  error: Nullable(Type.String()),
  raw: Type.String({ description: 'The whole entry as logged (JSON text): the All column' }),
});
export type ApiCommandEntry = Static<typeof ApiCommandEntrySchema>;

export const ApiCommandLogPageSchema = page(ApiCommandEntrySchema);
export type ApiCommandLogPage = Static<typeof ApiCommandLogPageSchema>;

export const WflLogEntrySchema = Type.Object({
  id: Type.Integer(),
  time: DateTimeString(),
  level: Type.String({ description: 'info, warn or error' }),
  text: Type.String(),
});
export type WflLogEntry = Static<typeof WflLogEntrySchema>;

export const WflLogPageSchema = page(WflLogEntrySchema);
export type WflLogPage = Static<typeof WflLogPageSchema>;

export const AlexaDeviceSchema = Type.Object({
  ...fields(Type.String, 'name', 'endpointId'),
  type: Type.String({ description: 'SWITCH, LIGHT or THERMOSTAT' }),
});
export const AlexaDiscoveryViewSchema = Type.Object({
  user_id: Type.Integer(),
  discovery: Type.Union(
    [
      Type.Object({
        updated: DateTimeString('Update time of the last discovery'),
        auth_user_id: Type.String({ description: 'The Amazon auth user id' }),
        devices: Type.Array(AlexaDeviceSchema),
        error: Nullable(Type.String({ description: 'The error of the last discovery (shown in red)' })),
      }),
      Type.Null(),
    ],
    { description: 'Null when the account never linked Alexa' },
  ),
});
export type AlexaDiscoveryView = Static<typeof AlexaDiscoveryViewSchema>;

export const WflTriggersSchema = Type.Object({ wfl_id: Type.Integer(), rows: Type.Array(WflTriggerSchema) });
export type WflTriggers = Static<typeof WflTriggersSchema>;

/** The Link panel: the WFL, where it is (the map's row) and the account it belongs to. */
export const WflLinkViewSchema = Type.Object({
  wfl: WflViewSchema,
  location: Nullable(WflLocationSchema),
  account: Type.Object({
    user_id: Type.Integer(),
    ...fields(Type.String, 'email', 'username', 'name'),
    active: WflSchema.properties.active,
    links: Type.Integer({ description: 'WFLs of the account' }),
  }),
});
export type WflLinkView = Static<typeof WflLinkViewSchema>;
