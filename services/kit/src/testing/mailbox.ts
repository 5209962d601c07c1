import { gunzipSync } from 'node:zlib';

/** Reads the captured mailbox through Mailpit's own API v1 (search, then the message's text). */
interface MessageSummary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
  Created: string;
}

export interface CodeOptions {
  /** Only mail that arrived from this moment on (ms since the epoch, with a second's slack). */
  since?: number;
  /** Mail already read: skipped, and the one read now is added. */
  seen?: Set<string>;
  timeoutMs?: number;
}

export interface Mail {
  ID: string;
  Subject: string;
  Text: string;
  Attachments: { PartID: string; FileName: string; ContentType: string; Size: number }[];
}

/**
 * The newest e-mail to `address` whose subject matches `subject` and the options, waiting for it
 * to arrive (the whole message: text and the list of its attachments).
 */
export async function waitForMail(
  mailboxUrl: string,
  address: string,
  subject: RegExp,
  opts: CodeOptions & { accept?: (mail: Mail) => boolean } = {},
): Promise<Mail> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  const query = encodeURIComponent(`to:"${address}"`);
  const to = address.toLowerCase();
  while (Date.now() < deadline) {
    const res = await fetch(`${mailboxUrl}/api/v1/search?query=${query}&limit=200`);
    const list = (await res.json()) as { messages: MessageSummary[] };
    const mine = list.messages
      .filter((m) => m.To.some((t) => t.Address.toLowerCase() === to))
      .filter((m) => subject.test(m.Subject))
      .filter((m) => opts.since === undefined || Date.parse(m.Created) >= opts.since - 1000)
      .filter((m) => !opts.seen?.has(m.ID))
      .sort((a, b) => Date.parse(b.Created) - Date.parse(a.Created));
    if (mine[0]) {
      const full = (await (await fetch(`${mailboxUrl}/api/v1/message/${mine[0].ID}`)).json()) as Mail;
      if (!opts.accept || opts.accept(full)) {
        opts.seen?.add(mine[0].ID);
        return full;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail matching ${subject} to ${address} within ${timeoutMs} ms`);
}

/** One attachment of a captured e-mail, as bytes. */
export async function mailAttachment(mailboxUrl: string, mail: Mail, partId: string): Promise<Buffer> {
  const res = await fetch(`${mailboxUrl}/api/v1/message/${mail.ID}/part/${partId}`);
  if (!res.ok) throw new Error(`attachment ${partId} of ${mail.ID}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * The CSV a report e-mail carries (its first attachment, unzipped when `.gz`), as lines, header
 * first; with the mail's subject and the attachment's name.
 */
export async function mailedCsv(
  mailboxUrl: string,
  address: string,
  subject: RegExp,
  opts: CodeOptions = {},
): Promise<{ subject: string; file: string; lines: string[] }> {
  const mail = await waitForMail(mailboxUrl, address, subject, opts);
  const part = mail.Attachments[0];
  if (!part) throw new Error(`the e-mail "${mail.Subject}" has no attachment`);
  let bytes = await mailAttachment(mailboxUrl, mail, part.PartID);
  if (part.FileName.endsWith('.gz')) bytes = gunzipSync(bytes);
  return {
    subject: mail.Subject,
    file: part.FileName,
    lines: bytes.toString('utf8').trimEnd().split('\r\n'),
  };
}

/**
 * The six-digit code in the newest one-time-code e-mail to `address` that matches the options,
 * waiting for it to arrive.
 */
export async function oneTimeCode(mailboxUrl: string, address: string, opts: CodeOptions = {}) {
  const mail = await waitForMail(mailboxUrl, address, /one-time code/, {
    ...opts,
    accept: (m) => /\b\d{6}\b/.test(m.Text),
  }).catch(() => {
    throw new Error(`no one-time code for ${address} within ${opts.timeoutMs ?? 10_000} ms`);
  });
  return /\b(\d{6})\b/.exec(mail.Text)?.[1] as string;
}
