import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { idParams, MAX_ID, parseId } from './common.js';

describe('ids in route parameters', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
    [String(MAX_ID), MAX_ID],
  ])('reads %s as %i', (raw, id) => {
    expect(parseId(raw)).toBe(id);
    expect(idParams.parse({ id: raw })).toEqual({ id });
  });

  it.each([
    '1e3',
    '0x10',
    '0b11',
    '0o7',
    '7.0',
    '1_000',
    ' 7',
    '7 ',
    '+7',
    '-1',
    '0',
    '',
    '٧',
    'Infinity',
    String(MAX_ID + 1),
    '99999999999',
  ])('refuses %j with ID inválido.', (raw) => {
    expect(parseId(raw)).toBeNull();
    const result = idParams.safeParse({ id: raw });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MSG.idInvalid]);
  });

  it('refuses a number or nothing with ID inválido. (a path parameter is text)', () => {
    for (const id of [7, undefined, null]) {
      expect(idParams.safeParse({ id }).error?.issues[0]?.message).toBe(MSG.idInvalid);
    }
  });
});
