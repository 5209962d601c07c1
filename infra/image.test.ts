import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContext, isIgnored, parseDockerignore } from './dockerignore.ts';

// No Docker engine here: the test builds the list of files `docker build -f infra/Dockerfile .`
// would send from this working checkout (.dockerignore applied, Docker's rules) and reads the
// Dockerfile's stages. Issue 29 §7.
const root = resolve(import.meta.dirname, '..');

/** What a working checkout can hold that must never ship, planted whether or not it is there now. */
const PLANTED = [
  '.dev-infra/jwt-secret',
  '.dev-infra/caller-assertion-key',
  '.dev-infra/demo-credentials.json',
  '.git/config',
  '.env',
  'services/auth/.env.local',
  'tests/e2e/sign-in.test.ts',
  'services/auth/test/sign-in.test.ts',
  'web/src/shared/ui/thing.test.tsx',
  'node_modules/vitest/package.json',
  'services/gateway/node_modules/fastify/package.json',
  'docs/architecture.md',
  'services/stats/.scratch/notes.txt',
  'web/dist/index.html',
];

describe('the Docker build context', () => {
  const files = buildContext(root, PLANTED);

  it('holds nothing from .dev-infra, .git, tests, node_modules or docs, planted or real', () => {
    const leaked = files.filter(
      (f) =>
        /(^|\/)(\.dev-infra|\.git|node_modules|test|tests|docs|dist|\.scratch)\//.test(f) ||
        /\.test\.tsx?$/.test(f) ||
        /(^|\/)\.env(\.|$)/.test(f),
    );
    expect(leaked).toEqual([]);
  });

  it('still holds what the image builds and runs', () => {
    for (const needed of [
      'package.json',
      'pnpm-lock.yaml',
      'pnpm-workspace.yaml',
      'services/gateway/src/server.ts',
      'services/fanout/src/server.ts',
      'services/auth/src/plugins/common-passwords.txt',
      'services/kit/src/index.ts',
      'contracts/src/index.ts',
      'web/src/main.tsx',
      'web/package.json',
    ]) {
      expect(files, needed).toContain(needed);
    }
  });

  it('follows Docker’s rules: ** at any depth, the last match wins, ! re-includes', () => {
    const rules = parseDockerignore('**/secret\n*.md\n!README.md\nlogs/\n');
    expect(isIgnored(rules, 'a/b/secret')).toBe(true);
    expect(isIgnored(rules, 'secret/inner.txt')).toBe(true);
    expect(isIgnored(rules, 'notes.md')).toBe(true);
    expect(isIgnored(rules, 'README.md')).toBe(false);
    expect(isIgnored(rules, 'docs/x.md')).toBe(false);
    expect(isIgnored(rules, 'logs/today.txt')).toBe(true);
    expect(isIgnored(rules, 'catalogs/x')).toBe(false);
  });
});

describe('infra/Dockerfile', () => {
  const text = readFileSync(resolve(root, 'infra/Dockerfile'), 'utf8');
  const stages = text.split(/^FROM /m).slice(1);
  const final = stages.at(-1) ?? '';

  it('is multi-stage, and the last stage only copies from the others and runs as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const copies = final.split('\n').filter((l) => /^COPY /.test(l));
    expect(copies.length).toBeGreaterThan(0);
    for (const c of copies) expect(c).toMatch(/--from=/);
    const user = /^USER (\S+)/m.exec(final)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('installs production dependencies only for what runs', () => {
    const runtime = stages.find((s) => /\bAS runtime\b/.test(s.split('\n')[0] ?? '')) ?? '';
    expect(runtime).toMatch(/pnpm install [^\n]*--prod/);
    expect(final).not.toMatch(/pnpm install/);
  });

  it('puts no secret in a layer: no build argument or environment variable names one', () => {
    for (const line of text.split('\n').filter((l) => /^(ARG|ENV) /.test(l))) {
      expect(line).not.toMatch(/SECRET|PASSWORD|TOKEN|KEY\b|CREDENTIAL/i);
    }
  });
});
