/** Reads the captured mailbox through Mailpit's API v1 (GET /api/v1/messages, GET /api/v1/message/{ID}). */
interface MessageSummary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
  Created: string;
}

export async function waitForOneTimeCode(
  mailboxUrl: string,
  address: string,
  after: number,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${mailboxUrl}/api/v1/messages?limit=200`);
    const list = (await res.json()) as { messages: MessageSummary[] };
    const mine = list.messages
      .filter((m) => m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()))
      .filter((m) => Date.parse(m.Created) >= after - 1000)
      .sort((a, b) => Date.parse(b.Created) - Date.parse(a.Created));
    if (mine[0]) {
      const full = (await (await fetch(`${mailboxUrl}/api/v1/message/${mine[0].ID}`)).json()) as {
        Text: string;
      };
      const code = /\b(\d{6})\b/.exec(full.Text)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no one-time code for ${address} within ${timeoutMs} ms`);
}
