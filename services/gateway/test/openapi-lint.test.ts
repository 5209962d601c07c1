import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { OPERATIONS } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedGateway, startScriptedGateway } from './scripted-gateway.ts';

// Issue 30: the served /api/docs/json passes Redocly CLI's recommended rules (redocly.yaml), with the
// seed's exceptions listed in .redocly.lint-ignore.yaml, and names each operation by its table id.
const gatewayDir = resolve(import.meta.dirname, '..');
const redocly = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
}
interface Openapi {
  servers?: unknown[];
  paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>>;
}

let g: ScriptedGateway;
let doc: Openapi;
let dir: string;

beforeAll(async () => {
  g = await startScriptedGateway();
  const { cookie } = await g.session(['support']);
  const res = await g.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  await writeFile(join(dir, 'openapi.json'), res.body);
  for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml'])
    await copyFile(join(gatewayDir, file), join(dir, file));
});
afterAll(async () => {
  await g?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('passes redocly lint with the recommended rules: no error, no warning', async () => {
    // The CLI exits 1 on errors; its JSON report is read either way.
    const run = await promisify(execFile)(
      process.execPath,
      [redocly, 'lint', 'openapi.json', '--format', 'json', '--max-problems', '1000'],
      {
        cwd: dir,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((err: { stdout: string }) => err);
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Problem[];
    };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('names every HTTP operation by its table id and asks for the session except on the public ones', () => {
    const served = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const http = OPERATIONS.filter((op) => op.transport !== 'ws' && !op.internal);
    expect(served.map((o) => o.operationId).sort()).toEqual(http.map((op) => op.id).sort());
    for (const op of http) {
      const served = doc.paths[op.path.replace(/:(\w+)/g, '{$1}')]?.[op.method.toLowerCase()];
      expect(served?.security, op.id).toEqual(op.access === 'public' ? [] : [{ session: [] }]);
    }
    expect(doc.servers).toHaveLength(1);
  });
});
