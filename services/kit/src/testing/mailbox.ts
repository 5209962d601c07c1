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

/**
 * The six-digit code in the newest one-time-code e-mail to `address` that matches the options,
 * waiting for it to arrive.
 */
export async function oneTimeCode(mailboxUrl: string, address: string, opts: CodeOptions = {}) {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  const query = encodeURIComponent(`to:"${address}"`);
  const to = address.toLowerCase();
  while (Date.now() < deadline) {
    const res = await fetch(`${mailboxUrl}/api/v1/search?query=${query}&limit=200`);
    const list = (await res.json()) as { messages: MessageSummary[] };
    const mine = list.messages
      .filter((m) => m.To.some((t) => t.Address.toLowerCase() === to))
      .filter((m) => /one-time code/.test(m.Subject))
      .filter((m) => opts.since === undefined || Date.parse(m.Created) >= opts.since - 1000)
      .filter((m) => !opts.seen?.has(m.ID))
      .sort((a, b) => Date.parse(b.Created) - Date.parse(a.Created));
    if (mine[0]) {
      const full = (await (await fetch(`${mailboxUrl}/api/v1/message/${mine[0].ID}`)).json()) as {
        Text: string;
      };
      const code = /\b(\d{6})\b/.exec(full.Text)?.[1];
      if (code) {
        opts.seen?.add(mine[0].ID);
        return code;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no one-time code for ${address} within ${timeoutMs} ms`);
}
