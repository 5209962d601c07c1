import { TypeCompiler } from '@sinclair/typebox/compiler';
import { describe, expect, it } from 'vitest';
import { hubCommandOf, hubRequest, linkIdOf } from './hub-commands.ts';
import { HubMessageSchema } from './hub-message.ts';
import { hubIdHex } from './world/hub-id.ts';

describe('hub commands', () => {
  it('builds a request envelope of the spec’s shape, one item per payload, with fresh transaction ids', () => {
    const a = hubRequest('featureWrite', 'admin.7', [
      { featureId: 'f', value: 1 },
      { featureId: 'g', value: 0 },
    ]);
    const b = hubRequest('systemRead', 'admin.7', [{}]);
    expect(TypeCompiler.Compile(HubMessageSchema).Check(a)).toBe(true);
    expect(a).toMatchObject({
      version: '1.0',
      direction: 'request',
      class: 'feature',
      operation: 'write',
      senderId: 'admin.7',
    });
    expect(a.items.map((i) => i.itemId)).toEqual([0, 1]);
    expect(b.transactionId).toBeGreaterThan(a.transactionId);
  });

  it('finds the command a class and operation name', () => {
    expect(hubCommandOf('system', 'reset')).toBe('systemReset');
    expect(hubCommandOf('system', 'backupUpdate')).toBe('backupUpdate');
    expect(hubCommandOf('system', 'dance')).toBeNull();
  });

  it('reads the link id out of device and feature ids, and shows it in hex', () => {
    expect(linkIdOf('5c0e68e8fc6fed2ff3fcec38-12-3154116608+1')).toBe(3154116608);
    expect(linkIdOf('no-link-here')).toBeNull();
    expect(hubIdHex(3154116608)).toBe('bc000000');
  });
});
