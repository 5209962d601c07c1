import { ApiError } from '@console/contracts';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { guardFilter, guardProjection, guardSort } from './guard.ts';
import { regexProblem } from './regex.ts';
import { QUERY_RULES } from './rules.ts';

const hubs = QUERY_RULES.hubs;
const sync = QUERY_RULES.syncupdates;
const refused = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).statusCode).toBe(400);
    return (err as ApiError).message;
  }
  throw new Error('expected a refusal');
};

describe('the generic query filter', () => {
  it('lets the allowed operators through, and turns {$date} and {$oid} into values', () => {
    const id = new ObjectId().toHexString();
    const f = guardFilter(
      {
        rootGroupId: 'abc-1',
        errorState: { $eq: true },
        hubId: { $in: [1, 2], $nin: [3] },
        createdDate: { $gte: { $date: '2025-01-01T00:00:00Z' }, $lt: { $date: '2026-01-01T00:00:00Z' } },
        serial: { $regex: '^BC2B2', $options: 'i' },
        firmwareInfo: { $size: 2 },
        'lock.locked': { $exists: true, $ne: false },
        $or: [{ userId: 'u1' }, { userId: { $not: { $eq: 'u2' } } }],
        _id: { $oid: id },
      },
      hubs,
      'hubs',
    );
    expect(f.createdDate).toEqual({
      $gte: new Date('2025-01-01T00:00:00Z'),
      $lt: new Date('2026-01-01T00:00:00Z'),
    });
    expect(f._id).toEqual(new ObjectId(id));
    expect(f.$or).toHaveLength(2);
  });

  it('refuses code-running and unknown operators at any depth, naming them', () => {
    expect(refused(() => guardFilter({ $where: 'sleep(1000)' }, hubs, 'hubs'))).toMatch(/\$where/);
    expect(refused(() => guardFilter({ $expr: { $eq: ['$a', '$b'] } }, hubs, 'hubs'))).toMatch(/\$expr/);
    expect(
      refused(() => guardFilter({ $and: [{ $or: [{ hubId: { $function: {} } }] }] }, hubs, 'hubs')),
    ).toMatch(/\$function/);
    expect(refused(() => guardFilter({ hubId: { $accumulator: {} } }, hubs, 'hubs'))).toMatch(
      /\$accumulator/,
    );
    expect(refused(() => guardFilter({ stats: { history: { $gt: 1 } } }, hubs, 'hubs'))).toMatch(/\$gt/);
    expect(refused(() => guardFilter({ hubId: { $elemMatch: { a: 1 } } }, hubs, 'hubs'))).toMatch(
      /\$elemMatch/,
    );
    expect(refused(() => guardFilter({ $nor: [{ hubId: 1 }] }, hubs, 'hubs'))).toMatch(/\$nor/);
    expect(refused(() => guardFilter({ hubId: { $eq: 1, x: 2 } }, hubs, 'hubs'))).toMatch(/mixed/);
    expect(refused(() => guardFilter({ hubId: { $not: 'x' } }, hubs, 'hubs'))).toMatch(/\$not/);
  });

  it('refuses prototype keys and fields outside the database list', () => {
    const polluted = JSON.parse('{"__proto__": {"isAdmin": true}}');
    expect(refused(() => guardFilter(polluted, hubs, 'hubs'))).toMatch(/__proto__/);
    expect(refused(() => guardFilter({ 'constructor.prototype': 1 }, hubs, 'hubs'))).toMatch(/constructor/);
    expect(refused(() => guardFilter({ rootGroupId: { constructor: 1 } }, hubs, 'hubs'))).toMatch(
      /constructor/,
    );
    expect(refused(() => guardFilter({ email: 'a@b' }, hubs, 'hubs'))).toMatch(
      /"email" cannot be queried in hubs/,
    );
    expect(refused(() => guardFilter({ 'authUser.password': 'x' }, QUERY_RULES.users, 'users'))).toMatch(
      /cannot be queried/,
    );
  });

  it('refuses secret fields even under an allowed path', () => {
    expect(
      refused(() => guardFilter({ 'data.authedHubObj.authPayload.key': 'x' }, sync, 'syncupdates')),
    ).toMatch(/cannot/);
    expect(
      refused(() => guardFilter({ 'data.authedHubObj.authPayload': { $exists: true } }, sync, 'syncupdates')),
    ).toMatch(/cannot/);
    expect(refused(() => guardFilter({ 'data.accessToken': 'x' }, sync, 'syncupdates'))).toMatch(/cannot/);
    expect(
      guardFilter({ 'data.authedHubObj.authPayload.configNumber': 3 }, sync, 'syncupdates'),
    ).toBeTruthy();
  });

  it('bounds size, depth, lists and strings', () => {
    expect(
      refused(() => guardFilter({ hubId: { $in: Array.from({ length: 201 }, (_, i) => i) } }, hubs, 'hubs')),
    ).toMatch(/200/);
    let deep: Record<string, unknown> = { hubId: 1 };
    for (let i = 0; i < 8; i++) deep = { $and: [deep] };
    expect(refused(() => guardFilter(deep, hubs, 'hubs'))).toMatch(/nested/);
    expect(refused(() => guardFilter({ serial: 'x'.repeat(1001) }, hubs, 'hubs'))).toMatch(/1000/);
    expect(
      refused(() => guardFilter({ $or: Array.from({ length: 51 }, () => ({ hubId: 1 })) }, hubs, 'hubs')),
    ).toMatch(/1 to 50/);
    expect(refused(() => guardFilter([{ hubId: 1 }], hubs, 'hubs'))).toMatch(/object/);
  });

  it('checks sort and projection fields the same way', () => {
    expect(guardSort({ createdDate: -1 }, hubs, 'hubs')).toEqual({ createdDate: -1 });
    expect(refused(() => guardSort({ $natural: 1 }, hubs, 'hubs'))).toMatch(/\$natural/);
    expect(guardProjection({ hubId: 1, serial: true, _id: 0 }, hubs, 'hubs')).toEqual({
      hubId: 1,
      serial: 1,
      _id: 0,
    });
    expect(refused(() => guardProjection({ hubId: 1, serial: 0 }, hubs, 'hubs'))).toMatch(
      /includes or excludes/,
    );
    expect(
      refused(() => guardProjection({ 'authUser.passwordHash': 1 }, QUERY_RULES.users, 'users')),
    ).toMatch(/cannot/);
  });
});

describe('regular expressions', () => {
  it('allows plain patterns and refuses long, nested, back-referencing or broken ones', () => {
    expect(regexProblem('^bc2b2[5-9a-d]', 'i')).toBeNull();
    expect(regexProblem('a'.repeat(101), undefined)).toMatch(/100/);
    expect(regexProblem('(a+)+$', undefined)).toMatch(/repeated group/);
    expect(regexProblem('(\\w*)*x', undefined)).toMatch(/repeated group/);
    expect(regexProblem('(a|aa)+$', undefined)).toMatch(/repeated group/);
    expect(regexProblem('(x{2,}){3,}', undefined)).toMatch(/repeated group/);
    expect(regexProblem('(a)\\1', undefined)).toMatch(/back-references/);
    expect(regexProblem('[a-', undefined)).toMatch(/unclosed/);
    expect(regexProblem('abc', 'gx')).toMatch(/\$options/);
  });
});
