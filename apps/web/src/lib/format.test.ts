import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  fBusinessDay,
  fDate,
  fDateTime,
  fDateTimeAmPm,
  fDay,
  fDayAt,
  fDayNumeric,
  formatAmount,
  formatCount,
  formatDecimal,
  formatNumber,
  fTime,
  fToNow,
  intlLocale,
  toZonedWallClock,
} from './format';

// 2026-03-14 23:30:05 UTC = 19:30:05 in Port-au-Prince (UTC-4, daylight time) = 00:30:05 (+1 day) in Paris.
const instant = new Date(Date.UTC(2026, 2, 14, 23, 30, 5));

describe('format-time (docs/spec.md §9 formats, company time zone)', () => {
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

describe('days of the reports and receipts', () => {
  it('writes a two-digit day, or the numeric day of a receipt', () => {
    expect(fDayAt(instant, { timeZone: 'America/Port-au-Prince', language: 'fr' })).toBe('14 mars 2026');
    expect(fDayAt(instant, { timeZone: 'Europe/Paris', language: 'en' })).toBe('15 Mar 2026');
    expect(fDay('2027-02-21', 'fr')).toBe('21 févr. 2027');
    expect(fDay('2027-02-01', 'en')).toBe('01 Feb 2027');
    expect(fDay('oops')).toBe('oops');
    expect(fDayNumeric('2026-03-14')).toBe('14/03/2026');
    expect(fDayNumeric('oops')).toBe('oops');
  });
});

describe('numbers in the interface language', () => {
  const clean = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

  it('maps Haitian Creole to a French Intl locale, other languages as they are', () => {
    expect(intlLocale('ht')).toBe('fr-HT');
    expect(intlLocale('en')).toBe('en');
    expect(intlLocale()).toBe('fr');
  });

  it('formats counts, decimals and amounts without the currency', () => {
    expect(clean(formatCount(12345, 'ht'))).toBe('12 345');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(clean(formatNumber(12.345, 'fr', { maximumFractionDigits: 1 }))).toBe('12,3');
    expect(clean(formatAmount(123450, 'fr'))).toBe('1 234,50');
    expect(formatAmount(123450, 'en', 'USD')).toBe('1,234.50');
    expect(formatAmount(5, 'fr', 'XXX-invalid')).toBe('0.05');
    expect(clean(formatDecimal(123450, 'fr'))).toBe('1 234,50');
    expect(formatDecimal(1000, 'en')).toBe('10.00');
    expect(formatDecimal('9007199254740993', 'en')).toBe('90,071,992,547,409.93');
  });
});
