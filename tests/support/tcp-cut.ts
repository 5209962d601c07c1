import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { freePort } from '@console/kit/testing';

/**
 * A TCP relay in front of a port that a test can cut, as a network failure or a gateway gone away
 * looks to a browser: `cut()` drops every connection and refuses new ones (connection refused),
 * `restore()` accepts again on the same port. Nothing is changed in what passes through.
 */
export interface TcpCut {
  /** `http://127.0.0.1:<relay port>`: open the console here instead of the gateway's own URL. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpCut(targetPort: number): Promise<TcpCut> {
  const port = await freePort();
  const open = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((res, rej) => {
      const s = createServer((client) => {
        const upstream = tcpConnect(targetPort, '127.0.0.1');
        for (const sock of [client, upstream]) {
          open.add(sock);
          sock.on('close', () => open.delete(sock));
          sock.on('error', () => undefined);
        }
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      s.once('error', rej);
      s.listen(port, '127.0.0.1', () => res());
      server = s;
    });
  const stop = async () => {
    const s = server;
    server = null;
    for (const sock of open) sock.destroy();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, cut: stop, restore: listen, close: stop };
}
