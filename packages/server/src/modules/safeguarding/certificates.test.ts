import { describe, expect, it } from 'vitest';
import { addMonths, certificateState, longDay, madridDay, reminderStep } from './certificates.js';

describe('the certificado negativo dates', () => {
  it('adds months, a missing day being the last of the month', () => {
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2027-01-31', -2)).toBe('2026-11-30');
    expect(addMonths('2027-03-15', -3)).toBe('2026-12-15');
  });

  it('reads missing, expired (on the day it falls due), due soon (three months) and current', () => {
    expect(certificateState(null, '2027-01-01')).toBe('missing');
    expect(certificateState('2027-01-01', '2027-01-01')).toBe('expired');
    expect(certificateState('2027-01-02', '2027-01-01')).toBe('due_soon');
    expect(certificateState('2027-04-01', '2027-01-01')).toBe('due_soon');
    expect(certificateState('2027-04-02', '2027-01-01')).toBe('current');
  });

  it('gives the reminder whose day has come: 3, then 2, then 1 month before; none after', () => {
    const due = '2027-06-15';
    const steps = [3, 2, 1] as const;
    expect(reminderStep(due, '2027-03-14', steps)).toBeNull();
    expect(reminderStep(due, '2027-03-15', steps)).toBe(3);
    expect(reminderStep(due, '2027-04-14', steps)).toBe(3);
    expect(reminderStep(due, '2027-04-15', steps)).toBe(2);
    expect(reminderStep(due, '2027-05-15', steps)).toBe(1);
    expect(reminderStep(due, '2027-06-14', steps)).toBe(1);
    expect(reminderStep(due, '2027-06-15', steps)).toBeNull();
  });

  it('reads days in Madrid and says them in Spanish', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(madridDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(longDay('2027-03-15')).toBe('15 de marzo de 2027');
  });
});
