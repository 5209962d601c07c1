import type { HostView, ServicesView } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { dayParts, reportEntries, unhealthyHosts, unhealthyServices } from './role-day.ts';

const instance = (errors: number) =>
  ({
    id: 'i',
    instance: '',
    host: '',
    version: '1',
    started: '',
    uptimeSeconds: 1,
    requests: 9,
    errors,
    refused: 3,
    endpoints: [],
  }) as ServicesView['services'][number]['instances'][number];

describe("each role's day", () => {
  it('gives each role its parts, and an admin all of them', () => {
    expect(dayParts(['support'])).toEqual(['support']);
    expect(dayParts(['dev'])).toEqual(['system']);
    expect(dayParts(['marketing'])).toEqual(['reports']);
    expect(dayParts(['admin'])).toEqual(['support', 'system', 'users', 'reports']);
    expect(dayParts(['datauser'])).toEqual([]);
  });

  it('names the services that need a look and why: no instance, 5xx, timeouts (not 4xx)', () => {
    const view = {
      services: [
        { name: 'auth', version: '1', expected: true, instances: [instance(0)], timeouts: [] },
        { name: 'search', version: '', expected: true, instances: [], timeouts: [] },
        {
          name: 'stats',
          version: '1',
          expected: true,
          instances: [instance(2)],
          timeouts: [{ endpoint: 'x', count: 1 }],
        },
      ],
      gateways: [],
      at: '',
    } as ServicesView;
    expect(unhealthyServices(view)).toEqual([
      { name: 'search', why: 'no instance answers' },
      { name: 'stats', why: '2 errors, 1 timed out' },
    ]);
  });

  it('names the hosts whose lights are not green', () => {
    const host = (name: string, heartbeat: string, supervisorOk: boolean) =>
      ({
        name,
        derived: { heartbeat, supervisorOk, supervisorState: supervisorOk ? 'RUNNING' : 'FATAL' },
      }) as unknown as HostView;
    expect(
      unhealthyHosts([host('a', 'ok', true), host('b', 'Too old', true), host('c', 'ok', false)]),
    ).toEqual([
      { name: 'b', why: 'too old' },
      { name: 'c', why: 'supervisor FATAL' },
    ]);
  });

  it('offers marketing the Reports area', () => {
    expect(reportEntries(['marketing']).map((e) => e.path)).toContain('/allemails');
    expect(reportEntries(['support'])).toEqual([]);
  });
});
