import { describe, expect, it } from 'vitest';
import { compileFilter } from '../src/message-filter.ts';

type Entry = { meta?: { clientType: string; class: string; operation: string }; text: string };
const lower = (e: Entry) => e.text.toLowerCase();
const message: Entry = { meta: { clientType: 'user', class: 'device', operation: 'read' }, text: 'Lamp ON' };
const log: Entry = { meta: { clientType: 'link2', class: 'log', operation: 'add' }, text: 'boot OK' };
const presence: Entry = { text: 'connected' };

describe('compileFilter', () => {
  it('is null when nothing narrows', () => {
    expect(compileFilter<Entry>(undefined, lower)).toBeNull();
    expect(
      compileFilter<Entry>({ clientTypes: [], classes: [], operations: [], text: '  ' }, lower),
    ).toBeNull();
  });

  it('narrows hub messages by client type, class and operation, leaving entries without meta', () => {
    const byClass = compileFilter<Entry>({ classes: ['log'] }, lower);
    expect([message, log, presence].map((e) => byClass?.(e))).toEqual([false, true, true]);
    const both = compileFilter<Entry>({ clientTypes: ['link2'], operations: ['add', 'remove'] }, lower);
    expect([message, log].map((e) => both?.(e))).toEqual([false, true]);
  });

  it('matches free text case-insensitively against every entry', () => {
    const text = compileFilter<Entry>({ text: ' Boot ok ' }, lower);
    expect([message, log, presence].map((e) => text?.(e))).toEqual([false, true, false]);
  });
});
