import { describe, expect, it } from 'vitest';
import { daysBetween, formatDay, formatDuration, formatMoment } from './dates';

const now = new Date(2026, 10, 22, 14, 0);

describe('formatMoment', () => {
  it('names the day when it is not today', () => {
    expect(formatMoment(new Date(2026, 10, 22, 14, 55), now)).toBe('today 14:55');
    expect(formatMoment(new Date(2026, 10, 23, 14, 55), now)).toBe('tomorrow 14:55');
    expect(formatMoment(new Date(2026, 10, 21, 8, 5), now)).toBe('yesterday 08:05');
  });

  it('gives the date further away, and the year when it is another year', () => {
    expect(formatMoment(new Date(2026, 11, 3, 9, 0), now)).toBe('3 Dec, 09:00');
    expect(formatMoment(new Date(2027, 0, 2, 9, 0), now)).toBe('2 Jan 2027, 09:00');
  });

  it("writes a moment in a given zone, as the server does for a visitor's clock", () => {
    const at = '2026-11-22T23:30:00Z';
    const serverNow = new Date('2026-11-22T10:00:00Z');
    expect(formatMoment(at, serverNow, 'UTC')).toBe('today 23:30');
    // Tokyo is 9 hours ahead: the same instant is tomorrow morning there.
    expect(formatMoment(at, serverNow, 'Asia/Tokyo')).toBe('tomorrow 08:30');
    expect(formatMoment(at, serverNow, 'America/New_York')).toBe('today 18:30');
  });
});

describe('formatDay', () => {
  it('gives the day and month, and the year when it is another year', () => {
    expect(formatDay('2026-10-25', now)).toBe('25 Oct');
    expect(formatDay('2025-12-31', now)).toBe('31 Dec 2025');
    expect(formatDay(null, now)).toBe('');
  });
});

describe('daysBetween', () => {
  it('lists every day of a range, both ends included, across a month', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysBetween('2026-11-02', '2026-11-02')).toEqual(['2026-11-02']);
  });
});

describe('formatDuration', () => {
  it('reads a length as minutes and seconds, with hours past the hour', () => {
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
