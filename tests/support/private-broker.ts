import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@console/kit/testing';

const root = resolve(import.meta.dirname, '../..');

/**
 * The nats-server a chaos test starts for itself (never the shared one): `NATS_SERVER_BIN`,
 * `.dev-infra/bin/nats-server` (built by `infra/dev-infra.sh`) or the PATH (JetStream needs 2.10+).
 */
export const natsServerBin =
  process.env.NATS_SERVER_BIN ??
  [
    join(root, '.dev-infra/bin/nats-server'),
    ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'nats-server')),
  ].find((p) => existsSync(p)) ??
  join(root, '.dev-infra/bin/nats-server');

const listening = (port: number) =>
  new Promise<boolean>((res) => {
    const s = new Socket();
    s.once('connect', () => res(s.destroy() === s));
    s.once('error', () => res(false));
    s.connect(port, '127.0.0.1');
  });

/**
 * A private nats-server with JetStream on a free port and a store of its own, which a test kills
 * (SIGKILL, no goodbye) and starts again on the same store, as an operator's outage would.
 */
export class PrivateBroker {
  port = 0;
  private storeDir = '';
  private child: ChildProcess | null = null;

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!existsSync(natsServerBin))
      throw new Error(
        `no nats-server at ${natsServerBin}: run infra/dev-infra.sh up where none runs, or set NATS_SERVER_BIN`,
      );
    if (!this.port) this.port = await freePort();
    if (!this.storeDir) this.storeDir = mkdtempSync(join(tmpdir(), 'chaos-nats-'));
    this.child = spawn(
      natsServerBin,
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 100 && !(await listening(this.port)); i++)
      await new Promise((r) => setTimeout(r, 100));
  }

  /** SIGSTOP: the process freezes with its sockets open, as a frozen node or a partition looks. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** SIGCONT after `pause`. */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async kill(): Promise<void> {
    const b = this.child;
    this.child = null;
    if (!b || b.exitCode !== null || b.signalCode !== null) return;
    await new Promise<void>((r) => {
      b.once('exit', () => r());
      b.kill('SIGKILL');
    });
  }

  /** Killed, and its store removed. */
  async remove(): Promise<void> {
    await this.kill();
    if (this.storeDir) rmSync(this.storeDir, { recursive: true, force: true });
  }
}
