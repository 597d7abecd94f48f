import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, fBusinessDay, fDate, fDateTime, fDateTimeAmPm, fTime, fToNow, toZonedWallClock } from './format';

// 2026-03-14 23:30:05 UTC = 19:30:05 in Port-au-Prince (UTC-4, daylight time) = 00:30:05 (+1 day) in Paris.
const instant = new Date(Date.UTC(2026, 2, 14, 23, 30, 5));

describe('format-time (spec §9 formats, company time zone)', () => {
  it('exposes the spec formats', () => {
    expect(DATE_FORMATS).toEqual({
      date: 'yyyy-MM-dd',
      dateTime: 'dd MMM yyyy HH:mm',
      time: 'HH:mm:ss',
      dateTimeAmPm: 'dd/MM/yyyy hh:mm p',
    });
  });

  it('formats in the company time zone, whatever the machine zone', () => {
    expect(fDate(instant, { timeZone: 'America/Port-au-Prince' })).toBe('2026-03-14');
    expect(fDate(instant, { timeZone: 'Europe/Paris' })).toBe('2026-03-15');
    expect(fTime(instant, { timeZone: 'America/Port-au-Prince' })).toBe('19:30:05');
    expect(fDateTime(instant, { timeZone: 'UTC', language: 'en' })).toBe('14 Mar 2026 23:30');
    expect(fDateTime(instant, { timeZone: 'America/Port-au-Prince', language: 'fr' })).toBe('14 mars 2026 19:30');
    expect(fDateTimeAmPm(instant, { timeZone: 'America/Port-au-Prince', language: 'en' })).toBe(
      '14/03/2026 07:30 7:30 PM',
    );
  });

  it('defaults to America/Port-au-Prince, also for an unknown zone', () => {
    expect(fTime(instant)).toBe('19:30:05');
    expect(fTime(instant, { timeZone: 'Not/AZone' })).toBe('19:30:05');
  });

  it('accepts ISO strings and numbers, and gives an empty string for nothing or garbage', () => {
    expect(fDate('2026-03-14T23:30:05Z', { timeZone: 'UTC' })).toBe('2026-03-14');
    expect(fDate(instant.getTime(), { timeZone: 'UTC' })).toBe('2026-03-14');
    expect(fDate(null)).toBe('');
    expect(fDate(undefined)).toBe('');
    expect(fDate('not a date')).toBe('');
  });

  it('builds the wall clock of a zone', () => {
    const wall = toZonedWallClock(instant, 'America/Port-au-Prince');
    expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([
      2026, 2, 14, 19, 30,
    ]);
  });

  it('gives a relative time with a suffix', () => {
    expect(fToNow(Date.now() - 5 * 60_000, { language: 'fr' })).toBe('il y a 5 minutes');
    expect(fToNow(Date.now() - 5 * 60_000, { language: 'en' })).toBe('5 minutes ago');
  });
});

describe('fBusinessDay (a day of the company, never the ISO text)', () => {
  it('writes the day in the interface language, without any zone shift', () => {
    expect(fBusinessDay('2026-11-26', 'fr')).toBe('26 nov. 2026');
    expect(fBusinessDay('2026-11-26')).toBe('26 nov. 2026');
    expect(fBusinessDay('2026-03-01', 'en')).toBe('1 Mar 2026');
    expect(fBusinessDay('2026-03-01', 'de')).toBe('1 März 2026');
    expect(fBusinessDay('2026-02-14', 'ht')).toBe('14 févr. 2026');
    expect(fBusinessDay('2026-11-26T23:00:00Z', 'fr')).toBe('26 nov. 2026');
  });

  it('leaves what is not a day unchanged', () => {
    expect(fBusinessDay('', 'fr')).toBe('');
    expect(fBusinessDay(null)).toBe('');
    expect(fBusinessDay('2026-02-31', 'fr')).toBe('2026-02-31');
    expect(fBusinessDay('hier', 'fr')).toBe('hier');
  });
});
