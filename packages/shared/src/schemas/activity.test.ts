import { describe, expect, it } from 'vitest';
import {
  authorizationState,
  fillAuthorizationText,
  type GivenAuthorization,
  requiredSigners,
} from './activity.js';

const online = (guardian: number, extra: Partial<GivenAuthorization> = {}): GivenAuthorization => ({
  method: 'online',
  guardian_id: guardian,
  withdrawn_at: null,
  superseded_at: null,
  ...extra,
});

describe('authorizationState', () => {
  it('is missing with nothing given, and online with one signature when one suffices', () => {
    expect(authorizationState(false, 2, [])).toBe('missing');
    expect(authorizationState(false, 2, [online(1)])).toBe('online');
  });
  it('asks both guardians when the activity says so, one when the child has only one', () => {
    expect(authorizationState(true, 2, [online(1)])).toBe('partial');
    expect(authorizationState(true, 2, [online(1), online(1)])).toBe('partial');
    expect(authorizationState(true, 2, [online(1), online(2)])).toBe('online');
    expect(authorizationState(true, 1, [online(1)])).toBe('online');
    expect(requiredSigners(true, 3)).toBe(2);
  });
  it('does not count withdrawn or superseded signatures, and takes paper as enough', () => {
    const now = '2026-11-28T10:00:00.000Z';
    expect(authorizationState(false, 2, [online(1, { withdrawn_at: now })])).toBe('missing');
    expect(authorizationState(true, 2, [online(1), online(2, { superseded_at: now })])).toBe(
      'partial',
    );
    const paper: GivenAuthorization = { ...online(0), method: 'paper', guardian_id: null };
    expect(authorizationState(true, 2, [paper])).toBe('paper');
  });
});

describe('fillAuthorizationText', () => {
  it('replaces each known placeholder and leaves the rest as written', () => {
    expect(
      fillAuthorizationText('Yo, {tutor} ({dni}), autorizo a {educando}. {otro}', {
        tutor: 'Ana Pérez',
        dni: '12345678Z',
      }),
    ).toBe('Yo, Ana Pérez (12345678Z), autorizo a {educando}. {otro}');
  });
});
