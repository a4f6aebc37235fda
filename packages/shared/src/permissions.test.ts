import { describe, expect, it } from 'vitest';
import { type Actor, CAPABILITIES, can, canDeleteComment } from './permissions.js';

// The product's permissions table, row by row: anonymous, usuario, scouter, admin.
const expected: Record<(typeof CAPABILITIES)[number], [boolean, boolean, boolean, boolean]> = {
  'content:browse': [true, true, true, true],
  'auth:anonymous': [true, false, false, false],
  'gallery:view': [false, true, true, true],
  'profile:edit': [false, true, true, true],
  interact: [false, true, true, true],
  'comment:delete:own': [false, true, true, true],
  'comment:delete:any': [false, false, true, true],
  'content:manage': [false, false, true, true],
  'gallery:review': [false, false, true, true],
  'photo:removal:request': [false, true, false, false],
  'experience:manage:detail': [false, false, false, true],
  'monitor:manage': [false, false, false, true],
  'admin:panel': [false, false, false, true],
  'photo:caption': [false, false, true, true],
  'album:download': [false, true, true, true],
  'audit:view': [false, false, false, true],
  'sections:manage': [false, false, false, true],
  'children:manage': [false, false, true, true],
  'children:promote': [false, false, false, true],
  'children:own': [false, true, true, true],
  'consent:record': [false, false, true, true],
  'consent:text': [false, false, false, true],
  'faces:review': [false, false, true, true],
  'settings:manage': [false, false, false, true],
  'activities:view': [false, true, true, true],
  'activities:manage': [false, false, true, true],
  'activities:sign': [false, true, true, true],
  'authorization:text': [false, false, false, true],
  'health:keep': [false, true, true, true],
  'camp:staff': [false, false, true, true],
  'safeguarding:manage': [false, false, false, true],
  'protection:write': [true, true, true, true],
  'protection:read': [false, true, true, true],
};
const actors: Actor[] = [null, 'usuario', 'scouter', 'admin'];

describe('permissions table', () => {
  for (const capability of CAPABILITIES) {
    it(`${capability} follows the product's table`, () => {
      expect(actors.map((a) => can(a, capability))).toEqual(expected[capability]);
    });
  }
  it('lets authors delete their own comments, and managers any', () => {
    expect(canDeleteComment('usuario', 7, 7)).toBe(true);
    expect(canDeleteComment('usuario', 7, 8)).toBe(false);
    expect(canDeleteComment('scouter', 1, 8)).toBe(true);
    expect(canDeleteComment(null, undefined, 8)).toBe(false);
  });
});
