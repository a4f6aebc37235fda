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
});

describe('formatLongDate', () => {
  it('formats in es-ES, long date', () => {
    expect(formatLongDate('2025-03-07T18:05:00')).toBe('7 de marzo de 2025');
  });

  it("gives 'Fecha no disponible' when missing or unreadable", () => {
    expect(formatLongDate(null)).toBe('Fecha no disponible');
    expect(formatLongDate('')).toBe('Fecha no disponible');
    expect(formatLongDate('ayer')).toBe('Fecha no disponible');
  });
});
