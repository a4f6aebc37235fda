import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_ERRORS } from '../activity-errors.js';
import {
  authorizationTextCreateSchema,
  dniSchema,
  isValidDni,
  normalizeDni,
  signAuthorizationSchema,
  unknownPlaceholders,
} from './authorization.js';

describe('DNI/NIE', () => {
  it('normalises case, spaces, dots and dashes', () => {
    expect(normalizeDni(' 12.345.678-z ')).toBe('12345678Z');
    expect(normalizeDni('x-1234567 l')).toBe('X1234567L');
  });

  it('checks the letter of a DNI and of a NIE (X, Y, Z read as 0, 1, 2)', () => {
    expect(isValidDni('12345678Z')).toBe(true);
    expect(isValidDni('X1234567L')).toBe(true);
    expect(isValidDni('Y1234567X')).toBe(true);
    expect(isValidDni('Z1234567R')).toBe(true);
    expect(isValidDni('12345678A')).toBe(false);
    expect(isValidDni('X1234567X')).toBe(false);
  });

  it('answers each mistake with its Spanish message and keeps the normalised value', () => {
    const message = (raw: unknown) => dniSchema.safeParse(raw).error?.issues[0]?.message;
    expect(message('12345678A')).toBe(AUTHORIZATION_ERRORS.dniLetter);
    expect(AUTHORIZATION_ERRORS.dniLetter).toBe('El DNI/NIE no es válido: revisa la letra.');
    expect(message('1234567Z')).toBe(AUTHORIZATION_ERRORS.dniFormat);
    expect(message('W1234567L')).toBe(AUTHORIZATION_ERRORS.dniFormat);
    expect(message('   ')).toBe(AUTHORIZATION_ERRORS.dniRequired);
    expect(message(undefined)).toBe(AUTHORIZATION_ERRORS.dniRequired);
    expect(dniSchema.parse('12345678-z')).toBe('12345678Z');
  });
});

describe('the signature and the text', () => {
  it('wants the SHA-256 of the text as 64 hex digits', () => {
    const base = { full_name: 'Ana Pérez', dni: '12345678Z' };
    expect(
      signAuthorizationSchema.safeParse({ ...base, text_sha256: 'abc' }).error?.issues[0]?.message,
    ).toBe(AUTHORIZATION_ERRORS.textHashInvalid);
    expect(signAuthorizationSchema.parse({ ...base, text_sha256: 'a'.repeat(64) }).dni).toBe(
      '12345678Z',
    );
  });

  it('names the placeholders a text may not carry', () => {
    expect(unknownPlaceholders('{tutor} {educando} {fecha} {nombre} {fecha}')).toEqual([
      'fecha',
      'nombre',
    ]);
    expect(
      authorizationTextCreateSchema.safeParse({ body: 'Yo, {tutor}, autorizo a {hijo}.' }).error
        ?.issues[0]?.message,
    ).toBe('El texto usa un hueco que no existe: {hijo}. Revisa cómo está escrito.');
    expect(authorizationTextCreateSchema.parse({ body: ' Yo, {tutor}. ' }).body).toBe(
      'Yo, {tutor}.',
    );
  });
});
