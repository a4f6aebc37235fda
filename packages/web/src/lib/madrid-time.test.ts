import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatMadrid,
  formatMadridRange,
  formatMadridTimeOn,
  madridToUtc,
  utcToMadrid,
} from './madrid-time';

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

describe("an activity's dates in words", () => {
  it('says a day of its own with its hours, and a weekend from start to end', () => {
    expect(formatMadridRange('2027-06-05T16:00:00.000Z', '2027-06-05T18:00:00.000Z')).toBe(
      'sábado 5 de junio de 2027, de 18:00 a 20:00',
    );
    expect(formatMadridRange('2027-03-13T09:00:00.000Z', '2027-03-14T16:00:00.000Z')).toBe(
      'del sábado 13 de marzo, 10:00, al domingo 14 de marzo de 2027, 17:00',
    );
    expect(formatMadridRange('2027-12-30T09:00:00.000Z', '2028-01-02T16:00:00.000Z')).toBe(
      'del jueves 30 de diciembre de 2027, 10:00, al domingo 2 de enero de 2028, 17:00',
    );
  });

  it("gives a meeting's time alone on its day, the whole date on another", () => {
    const start = '2027-03-13T09:00:00.000Z';
    expect(formatMadridTimeOn('2027-03-13T08:30:00.000Z', start)).toBe('9:30');
    // 23:30 UTC on the 12th is already the 13th in Madrid.
    expect(formatMadridTimeOn('2027-03-12T23:30:00.000Z', start)).toBe('0:30');
    expect(formatMadridTimeOn('2027-03-12T19:00:00.000Z', start)).toBe(
      'viernes 12 de marzo de 2027, 20:00',
    );
  });

  it('writes a calendar day', () => {
    expect(formatDay('2027-06-30')).toBe('30 de junio de 2027');
    expect(formatDay('no')).toBe('');
  });
});
