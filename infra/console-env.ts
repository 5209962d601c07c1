/**
 * The settings a running console was started with, kept where `infra/scale.ts` finds them: a plain
 * shell beside the console (`. infra/env.sh && node infra/scale.ts search +1`) has none of them
 * (not the console's broker port or users, not the caller-assertion key), and an instance started
 * without them joins another broker and refuses every request.
 *
 * `infra/run-services.ts` writes the file when it starts the console's services and removes it when
 * it stops; the file is the process environment it gave them, readable by its owner only (it holds
 * the signing keys, like `.dev-infra/jwt-secret` beside it).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Where the console's local state lives: `.dev-infra`, or `CONSOLE_STATE_DIR` (tests: their own). */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONSOLE_STATE_DIR ? resolve(env.CONSOLE_STATE_DIR) : resolve(root, '.dev-infra');
}

const fileIn = (dir: string) => resolve(dir, 'console-env.json');

/** A shell's own bookkeeping, which says nothing about the console. */
const SHELL_ONLY = new Set(['PWD', 'OLDPWD', 'SHLVL', '_', 'INSTANCE_ID', 'CONSOLE_STATE_DIR']);

export interface ConsoleEnv {
  /** The process id of the run-services that wrote it: the file of a console that died is ignored. */
  pid: number;
  written: string;
  env: Record<string, string>;
}

export function writeConsoleEnv(dir: string, env: NodeJS.ProcessEnv, pid = process.pid): string {
  mkdirSync(dir, { recursive: true });
  const kept = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && !SHELL_ONLY.has(e[0])),
  );
  const file = fileIn(dir);
  const body: ConsoleEnv = { pid, written: new Date().toISOString(), env: kept };
  writeFileSync(file, JSON.stringify(body), { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

export function removeConsoleEnv(dir: string, pid = process.pid): void {
  const found = readConsoleEnv(dir);
  if (found?.pid === pid) rmSync(fileIn(dir), { force: true });
}

/** Whether a process of this machine with that id is running. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The running console's settings, or null when no console started by run-services is alive. */
export function readConsoleEnv(dir: string): ConsoleEnv | null {
  const file = fileIn(dir);
  if (!existsSync(file)) return null;
  try {
    const found = JSON.parse(readFileSync(file, 'utf8')) as ConsoleEnv;
    return found.pid > 0 && alive(found.pid) && found.env ? found : null;
  } catch {
    return null;
  }
}
