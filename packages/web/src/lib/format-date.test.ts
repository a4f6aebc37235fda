import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate } from './format-date';

describe('formatDateTime', () => {
  it("gives 'N/A' when the date is missing", () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime('')).toBe('N/A');
  });

  it("gives 'Fecha inválida' when it cannot be read", () => {
    expect(formatDateTime('mañana por la tarde')).toBe('Fecha inválida');
  });

  it('formats in es-ES, medium date with short time', () => {
    const value = '2025-03-07T18:05:00';
    const expected = new Intl.DateTimeFormat('es-ES', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(value));
    expect(formatDateTime(value)).toBe(expected);
    expect(expected).toMatch(/7 mar 2025.*18:05/);
  });

  it('writes every month and hour as Intl does in es-ES', () => {
    const intl = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });
    for (let month = 0; month < 12; month += 1) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [28, 12, 30],
        [31, 23, 59],
      ]) {
        const date = new Date(2026, month, day, hour, minute);
        expect(formatDateTime(date)).toBe(intl.format(date));
      }
    }
  });

  it('takes a timestamp in milliseconds, and a Date, as well as text', () => {
    const date = new Date(2024, 1, 29, 7, 3);
    expect(formatDateTime(date.getTime())).toBe('29 feb 2024, 7:03');
    expect(formatDateTime(date)).toBe('29 feb 2024, 7:03');
  });

  it("gives 'Fecha inválida' for an invalid Date object", () => {
    expect(formatDateTime(new Date(Number.NaN))).toBe('Fecha inválida');
  });
});

describe('formatLongDate', () => {
  it('formats in es-ES, long date', () => {
    expect(formatLongDate('2025-03-07T18:05:00')).toBe('7 de marzo de 2025');
  });

  it('writes every month as Intl does in es-ES', () => {
    const intl = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 15, 28]) {
        const date = new Date(2026, month, day, 23, 59);
        expect(formatLongDate(date)).toBe(intl.format(date));
      }
    }
  });

  it("gives 'Fecha no disponible' when missing or unreadable", () => {
    expect(formatLongDate(null)).toBe('Fecha no disponible');
    expect(formatLongDate('')).toBe('Fecha no disponible');
    expect(formatLongDate('ayer')).toBe('Fecha no disponible');
  });
});

describe('in UTC, as the server draws a page', () => {
  it('writes the date and time of UTC, whatever the zone', () => {
    expect(formatDateTime('2025-03-07T23:05:00Z', true)).toBe('7 mar 2025, 23:05');
    expect(formatLongDate('2025-12-31T23:30:00Z', true)).toBe('31 de diciembre de 2025');
  });
});
