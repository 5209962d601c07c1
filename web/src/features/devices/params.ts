/** The command selector's choice as it stands in the URL (`?type=&command=`), so it can be linked. */
export interface DeviceSelection {
  /** A device type id. */
  type?: number;
  /** A command (device type value) id of that type; never without a type. */
  command?: number;
}

const ID = /^[0-9]{1,9}$/;

function readId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1e9) return value;
  if (typeof value === 'string' && ID.test(value)) return Number(value);
  return undefined;
}

/** Keeps only ids made of digits; a command without a type is dropped. */
export function readDeviceSelection(search: Record<string, unknown>): DeviceSelection {
  const type = readId(search.type);
  if (type === undefined) return {};
  const command = readId(search.command);
  return command === undefined ? { type } : { type, command };
}
