import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One .dockerignore line: a pattern from the context root, and whether it re-includes (`!`). */
interface Rule {
  regex: RegExp;
  include: boolean;
}

/** A Docker pattern (Go filepath.Match plus `**`) as a regular expression over `/`-separated paths. */
function patternRegex(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        i++;
        if (pattern[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else re += '.*';
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      const body = pattern.slice(i + 1, end).replace(/^!/, '^');
      re += `[${body}]`;
      i = end;
    } else if (c === '\\') re += `\\${pattern[++i] ?? ''}`;
    else re += c.replace(/[.+^${}()|\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The rules of a .dockerignore text, in order (comments and blank lines dropped). */
export function parseDockerignore(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const include = line.startsWith('!');
    if (include) line = line.slice(1).trim();
    line = line.replace(/^\/+/, '').replace(/\/+$/, '');
    rules.push({ regex: patternRegex(line), include });
  }
  return rules;
}

/**
 * Whether Docker leaves this path out of the build context: the last rule matching the path or
 * any directory above it decides (a left-out directory leaves out everything in it).
 */
export function isIgnored(rules: readonly Rule[], path: string): boolean {
  const parts = path.split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (prefixes.some((p) => rule.regex.test(p))) ignored = !rule.include;
  }
  return ignored;
}

/**
 * The files `docker build` would send from `root` under its .dockerignore: every file of the
 * working checkout (tracked or not, as Docker sees it), plus `planted` paths as if they were there.
 * Left-out directories are not descended into when no rule re-includes anything.
 */
export function buildContext(root: string, planted: readonly string[] = []): string[] {
  const rules = parseDockerignore(readFileSync(join(root, '.dockerignore'), 'utf8'));
  const canPrune = !rules.some((r) => r.include);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!(canPrune && isIgnored(rules, path))) walk(path);
      } else if (!isIgnored(rules, path)) out.push(path);
    }
  };
  walk('');
  for (const path of planted) if (!isIgnored(rules, path)) out.push(path);
  return out.sort();
}
