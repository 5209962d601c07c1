import {
  ENGINEERING,
  HUB_PROTOCOL_VERSION,
  type HubMessage,
  RAW_SERVER_TARGET,
  RAW_TEXT,
} from '@console/contracts';

/** Where an uploaded firmware file goes (spec §4): the firmware store, a hub, or a hub via Link Direct. */
export type FirmwareOption = 'db' | 'direct' | 'link-direct';

export const FIRMWARE_TEXT = {
  extension: "The file extension must be '.txt' or '.json'.",
  noData: RAW_TEXT.firmwareData,
  needsHeader: RAW_TEXT.firmwareHeader,
  needsLink: 'Link-Direct and Direct firmware need a link id in the send box.',
  added: 'Firmware added.',
  failed: "That didn't work.",
} as const;

export interface FirmwareHeader {
  deviceType?: string;
  version?: string;
  versionControlId?: string;
  manufacturerCode?: string;
  productCode?: string;
}

/** The data of a firmware file, or the reason it cannot be sent (spec §5). */
export function firmwareData(
  fileName: string,
  text: string,
): { data: string; header: FirmwareHeader } | { error: string } {
  const lower = fileName.toLowerCase();
  if (!lower.endsWith('.txt') && !lower.endsWith('.json')) return { error: FIRMWARE_TEXT.extension };
  if (lower.endsWith('.txt'))
    return text.length > 0 ? { data: text, header: {} } : { error: FIRMWARE_TEXT.noData };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: FIRMWARE_TEXT.noData };
  }
  const o = (parsed ?? {}) as Record<string, unknown> & {
    items?: { payload?: { fragmentData?: unknown } }[];
  };
  const data = typeof o.data === 'string' ? o.data : o.items?.[0]?.payload?.fragmentData;
  if (typeof data !== 'string' || data.length === 0) return { error: FIRMWARE_TEXT.noData };
  const pick = (k: keyof FirmwareHeader) => (typeof o[k] === 'string' ? { [k]: o[k] as string } : {});
  return {
    data,
    header: {
      ...pick('deviceType'),
      ...pick('version'),
      ...pick('versionControlId'),
      ...pick('manufacturerCode'),
      ...pick('productCode'),
    },
  };
}

/** The file cut into chunks of `size` characters (default 100). */
export function chunksOf(data: string, size: number = ENGINEERING.firmwareChunkChars): string[] {
  const n = Math.max(1, Math.floor(size));
  const out: string[] = [];
  for (let i = 0; i < data.length; i += n) out.push(data.slice(i, i + n));
  return out;
}

/** One chunk as the raw message its option sends: the target and the envelope. */
export function chunkMessage(
  option: FirmwareOption,
  c: {
    linkId: string;
    header: FirmwareHeader;
    fileName: string;
    index: number;
    count: number;
    data: string;
    transactionId: number;
    senderId: string;
  },
): { to: string; message: HubMessage } {
  const fragment = {
    fragmentIndex: c.index,
    fragmentCount: c.count,
    fragmentData: c.data,
    fileName: c.fileName,
  };
  const envelope = (cls: string, operation: string, payload: Record<string, unknown>): HubMessage => ({
    version: HUB_PROTOCOL_VERSION,
    transactionId: c.transactionId,
    senderId: c.senderId,
    direction: 'request',
    class: cls,
    operation,
    items: [{ itemId: 0, payload }],
  });
  if (option === 'db')
    return { to: RAW_SERVER_TARGET, message: envelope('firmware', 'add', { ...c.header, ...fragment }) };
  const direct = envelope('firmware', 'fragment', fragment);
  if (option === 'direct') return { to: c.linkId, message: direct };
  return {
    to: RAW_SERVER_TARGET,
    message: envelope('linkDirect', 'send', { linkId: Number(c.linkId), message: direct }),
  };
}

/** What must be given before an upload starts, or null when it may. */
export function uploadRefusal(option: FirmwareOption, linkId: string, header: FirmwareHeader): string | null {
  if (option !== 'db' && !/^[0-9]{1,16}$/.test(linkId.trim())) return FIRMWARE_TEXT.needsLink;
  if (option === 'db' && !(header.manufacturerCode && header.version && header.productCode))
    return FIRMWARE_TEXT.needsHeader;
  return null;
}

/**
 * Sends chunks one at a time, `delayMs` apart (default 200 ms), reporting progress; `cancel` stops
 * before the next chunk. Nothing is resent: a chunk that fails is reported, the next one follows.
 */
export class ChunkSender {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private next = 0;
  cancelled = false;

  private readonly count: number;
  private readonly send: (index: number) => void;
  private readonly delayMs: number;
  private readonly progress: (sent: number, count: number, done: boolean) => void;
  constructor(
    count: number,
    send: (index: number) => void,
    delayMs: number,
    progress: (sent: number, count: number, done: boolean) => void,
  ) {
    this.count = count;
    this.send = send;
    this.delayMs = delayMs;
    this.progress = progress;
  }

  start() {
    this.step();
  }

  cancel() {
    this.cancelled = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.progress(this.next, this.count, true);
  }

  private step() {
    if (this.cancelled) return;
    this.send(this.next);
    this.next += 1;
    const done = this.next >= this.count;
    this.progress(this.next, this.count, done);
    if (!done) this.timer = setTimeout(() => this.step(), this.delayMs);
  }
}
