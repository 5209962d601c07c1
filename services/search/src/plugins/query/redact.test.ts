import { Long, ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { redact } from './redact.ts';

describe('what the generic query returns', () => {
  it('drops secrets at any depth and keeps only the shown authPayload counters', () => {
    const id = new ObjectId();
    const out = redact({
      _id: id,
      email: 'a@example.com',
      password: 'x',
      authUser: { email: 'a@example.com', passwordHash: 'h', refreshToken: 't' },
      data: [
        {
          authedHubObj: {
            authPayload: { configNumber: 3, factoryConfig: 1, deviceMinId: 9, key: 'k', signature: 's' },
          },
        },
      ],
      createdDate: new Date('2025-01-02T03:04:05Z'),
      big: Long.fromNumber(5),
      blob: new Uint8Array([1, 2]),
    });
    expect(out).toEqual({
      _id: id.toHexString(),
      email: 'a@example.com',
      authUser: { email: 'a@example.com' },
      data: [{ authedHubObj: { authPayload: { configNumber: 3, factoryConfig: 1, deviceMinId: 9 } } }],
      createdDate: '2025-01-02T03:04:05.000Z',
      big: 5,
    });
  });
});
