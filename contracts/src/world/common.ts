import {
  type SchemaOptions,
  type Static,
  type StaticDecode,
  type TLiteral,
  type TProperties,
  type TSchema,
  type TUnion,
  Type,
} from '@sinclair/typebox';

/** A point in time on the wire only: an ISO 8601 string (the answer of an operation, a query field). */
export const DateTimeString = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/**
 * A point in time: an ISO 8601 string on the wire (JSON over NATS and HTTP), a `Date` where it is
 * stored and read (Mongo BSON dates, Postgres timestamptz). `Static<>` of a schema gives the wire
 * form; `StaticDecode<>` (the `…Doc` and `…Row` types) gives the stored form.
 */
export const Timestamp = (description?: string) =>
  Type.Transform(DateTimeString(description))
    .Decode((v) => new Date(v))
    .Encode((d) => d.toISOString());

/** The stored form of a world schema: dates as `Date`. */
export type Stored<T extends TSchema> = StaticDecode<T>;

/**
 * A union of string literals from a const list, typed as a tuple so that both `Static` and
 * `StaticDecode` see the literals (a plain `.map` gives an array, which decodes to `never`).
 */
export function literalUnion<const T extends readonly string[]>(
  values: T,
  options?: SchemaOptions,
): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K] & string> }> {
  type Members = { -readonly [K in keyof T]: TLiteral<T[K] & string> };
  return Type.Union(
    values.map((v) => Type.Literal(v)) as unknown as TSchema[],
    options,
  ) as unknown as TUnion<Members>;
}

/**
 * Several fields of one plain type, for a schema's run of like fields:
 * `Type.Object({ ...fields(Type.String, 'id', 'name'), at: Timestamp() })`.
 */
export const fields = <K extends string, S extends TSchema>(make: () => S, ...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, make()])) as { [P in K]: S };

/**
 * Several fields of one plain type, each with its description, in the order given:
 * `Type.Object({ ...described(Type.Integer, { sockets: 'Open sockets', topics: 'Live topics' }) })`.
 */
export const described = <K extends string, S extends TSchema>(
  make: (options: SchemaOptions) => S,
  descriptions: { [P in K]: string },
) =>
  Object.fromEntries(
    Object.entries<string>(descriptions).map(([name, description]) => [name, make({ description })]),
  ) as { [P in K]: S };

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An object that refuses fields it does not name: a request's params, query string or body. */
export const ClosedObject = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const LinkId = (description = 'Numeric id of a Link Plus hub (shown also in hex)') =>
  Type.Integer({ minimum: 0, description });

export const DeviceStatusSchema = literalUnion(['connected', 'disconnected', 'unknown'], {
  description: 'connected (green), disconnected (red) or unknown (grey)',
});

/** Device categories of the Devices tab, in its order (Support Plus spec §2). */
export const DEVICE_CATEGORIES = [
  'linkPlus',
  'power',
  'lighting',
  'heating',
  'control',
  'sensor',
  'virtualDevice',
  'other',
] as const;
export type DeviceStatus = Static<typeof DeviceStatusSchema>;

export const DeviceCategorySchema = literalUnion(DEVICE_CATEGORIES);
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];
