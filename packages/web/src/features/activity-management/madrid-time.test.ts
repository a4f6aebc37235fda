import { describe, expect, it } from 'vitest';
import { formatMadrid, madridToUtc, utcToMadrid } from './madrid-time';

describe('Madrid wall-clock time ↔ UTC', () => {
  it('a summer time is two hours ahead of UTC, a winter time one', () => {
    expect(madridToUtc('2027-07-10T09:00')).toBe('2027-07-10T07:00:00.000Z');
    expect(madridToUtc('2027-01-16T09:00')).toBe('2027-01-16T08:00:00.000Z');
    expect(utcToMadrid('2027-07-10T07:00:00.000Z')).toBe('2027-07-10T09:00');
    expect(utcToMadrid('2027-01-16T08:00:00.000Z')).toBe('2027-01-16T09:00');
  });

  it('crosses midnight and the year in UTC', () => {
    expect(madridToUtc('2027-01-01T00:30')).toBe('2026-12-31T23:30:00.000Z');
    expect(utcToMadrid('2026-12-31T23:30:00.000Z')).toBe('2027-01-01T00:30');
  });

  it('changes on the last Sundays of March and October, at 01:00 UTC', () => {
    // 2027: summer time from 28 March, winter time from 31 October.
    expect(madridToUtc('2027-03-28T01:59')).toBe('2027-03-28T00:59:00.000Z');
    expect(madridToUtc('2027-03-28T03:00')).toBe('2027-03-28T01:00:00.000Z');
    // The hour that does not exist is read as the one after it.
    expect(madridToUtc('2027-03-28T02:30')).toBe('2027-03-28T01:30:00.000Z');
    expect(madridToUtc('2027-03-27T09:00')).toBe('2027-03-27T08:00:00.000Z');
    expect(madridToUtc('2027-03-29T09:00')).toBe('2027-03-29T07:00:00.000Z');
    // The hour lived twice: its first time (still summer).
    expect(madridToUtc('2027-10-31T02:30')).toBe('2027-10-31T00:30:00.000Z');
    expect(madridToUtc('2027-10-31T03:00')).toBe('2027-10-31T02:00:00.000Z');
    expect(utcToMadrid('2027-10-31T00:30:00.000Z')).toBe('2027-10-31T02:30');
    expect(utcToMadrid('2027-10-31T01:30:00.000Z')).toBe('2027-10-31T02:30');
    expect(madridToUtc('2027-10-30T09:00')).toBe('2027-10-30T07:00:00.000Z');
    expect(madridToUtc('2027-11-01T09:00')).toBe('2027-11-01T08:00:00.000Z');
  });

  it('agrees with the browser’s own Europe/Madrid every hour of a year', () => {
    const format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Madrid',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const start = Date.UTC(2026, 0, 1);
    for (let ms = start; ms < Date.UTC(2027, 0, 1); ms += 3_600_000) {
      const iso = new Date(ms).toISOString();
      expect(utcToMadrid(iso)).toBe(format.format(ms).replace(' ', 'T'));
    }
  });

  it('refuses what is not a date and a time', () => {
    expect(madridToUtc('')).toBeNull();
    expect(madridToUtc('2027-07-10')).toBeNull();
    expect(madridToUtc('mañana')).toBeNull();
    expect(utcToMadrid(null)).toBe('');
  });

  it('says an instant in Spanish, in Madrid', () => {
    expect(formatMadrid('2027-03-13T08:00:00.000Z')).toBe('sábado 13 de marzo de 2027, 9:00');
    expect(formatMadrid('2027-07-10T16:05:00.000Z')).toBe('sábado 10 de julio de 2027, 18:05');
  });
});
