/**
 * Gen2 identifiers (Support Plus spec §3). A structure is numbered by a hex string; its rootGroupId is
 * `{structureNumber}-{suffix}`, and every device (and feature and group) id inside it is
 * `{structureNumber}-{number}-{linkId}+{index}`: the link that paired it and the channel index.
 */
export interface DeviceIdParts {
  /** The structure number: the part of the rootGroupId before its first '-'. */
  structure: string;
  deviceNumber: number;
  /** The numeric id of the Link Plus hub that paired the device. */
  linkId: number;
  /** The channel index on the device, from 1. */
  index: number;
}

const DEVICE_ID = /^([0-9a-z]+)-(\d+)-(\d+)\+(\d+)$/i;

export function formatDeviceId(p: DeviceIdParts): string {
  return `${p.structure}-${p.deviceNumber}-${p.linkId}+${p.index}`;
}

/** The parts of a device (or feature or group) id, or null when it does not have that form. */
export function parseDeviceId(id: string): DeviceIdParts | null {
  const m = DEVICE_ID.exec(id);
  if (!m) return null;
  return {
    structure: m[1] as string,
    deviceNumber: Number(m[2]),
    linkId: Number(m[3]),
    index: Number(m[4]),
  };
}

/** The structure number of a rootGroupId (or of any id inside a structure). */
export function structureNumberOf(id: string): string {
  const dash = id.indexOf('-');
  return dash < 0 ? id : id.slice(0, dash);
}
