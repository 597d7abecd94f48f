import { format, formatDistanceToNow, isValid, type Locale } from 'date-fns';
import { de, enUS, fr } from 'date-fns/locale';
import { centimesDecimal } from './money';

/**
 * The one home of display formats: amounts and counts in the interface's language, business days and
 * instants on the company's clock (docs/spec.md §9). Pure functions, unit-tested.
 */

/** The Intl locale of an interface language: Haitian Creole reads numbers and dates the French way. */
export function intlLocale(language = 'fr'): string {
  return language === 'ht' ? 'fr-HT' : language;
}

/** 123450 -> « 1 234,50 HTG » in the interface's language (exact at any size). */
export function formatMoney(centimes: number | string | bigint, currency = 'HTG', language = 'fr'): string {
  // Intl reads a decimal string exactly (a number would lose digits past 2^53).
  const value = centimesDecimal(centimes) as unknown as number;
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
    }).format(value);
  } catch {
    return `${centimesDecimal(centimes)} ${currency}`;
  }
}

/** 123450 -> « 1 234,50 »: the money format of the language (same separators), without the currency. */
export function formatAmount(centimes: number, language = 'fr', currency = 'HTG'): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency, minimumFractionDigits: 2 })
      .formatToParts(centimes / 100)
      .filter((p) => p.type !== 'currency')
      .map((p) => p.value)
      .join('')
      .trim();
  } catch {
    return (centimes / 100).toFixed(2);
  }
}

/** 767610 -> « 7 676,10 »: two decimals, no currency, exact at any size (Intl reads the decimal string). */
export function formatDecimal(centimes: number | string | bigint, language = 'fr'): string {
  const value = centimesDecimal(centimes) as unknown as number;
  return new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}

/** 1234 -> « 1 234 » in the interface's language (Intl options for decimals, percent, compact…). */
export function formatNumber(n: number, language = 'fr', options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(n);
}

/** A count of tickets, players…: 1234 -> « 1 234 ». */
export const formatCount = (n: number, language = 'fr') => formatNumber(n, language);

/** docs/spec.md §9 date formats. */
export const DATE_FORMATS = {
  date: 'yyyy-MM-dd',
  dateTime: 'dd MMM yyyy HH:mm',
  time: 'HH:mm:ss',
  dateTimeAmPm: 'dd/MM/yyyy hh:mm p',
} as const;

/** Architecture: each company has an IANA time zone; this one when none is known. */
export const DEFAULT_TIME_ZONE = 'America/Port-au-Prince';

export type DateInput = Date | string | number | null | undefined;

// Haitian Creole has no date-fns locale: French month names are the closest readers know.
const LOCALES: Record<string, Locale> = { fr, en: enUS, de, ht: fr };

export function dateLocale(language?: string): Locale {
  return LOCALES[language?.slice(0, 2) ?? 'fr'] ?? fr;
}

function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return isValid(date) ? date : null;
}

function validTimeZone(timeZone?: string | null): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/**
 * The wall-clock time of `date` in `timeZone`, as a Date whose *local* fields hold it, so that
 * date-fns `format` prints the company's time whatever the browser's zone is.
 */
export function toZonedWallClock(date: Date, timeZone?: string | null): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: validTimeZone(timeZone),
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
    date.getMilliseconds(),
  );
}

interface FormatOptions {
  timeZone?: string | null;
  language?: string;
}

function formatIn(input: DateInput, pattern: string, options: FormatOptions = {}): string {
  const date = toDate(input);
  if (!date) return '';
  return format(toZonedWallClock(date, options.timeZone), pattern, { locale: dateLocale(options.language) });
}

/** yyyy-MM-dd, e.g. 2026-03-14 (also the value of API date parameters). */
export const fDate = (input: DateInput, options?: FormatOptions) => formatIn(input, DATE_FORMATS.date, options);

/** dd MMM yyyy HH:mm, e.g. 14 mars 2026 18:30. */
export const fDateTime = (input: DateInput, options?: FormatOptions) => formatIn(input, DATE_FORMATS.dateTime, options);

/** dd MMM yyyy, e.g. 14 mars 2026: the day of an instant on the company's clock. */
export const fDayAt = (input: DateInput, options?: FormatOptions) => formatIn(input, 'dd MMM yyyy', options);

/** HH:mm:ss. */
export const fTime = (input: DateInput, options?: FormatOptions) => formatIn(input, DATE_FORMATS.time, options);

/** dd/MM/yyyy hh:mm p (the spec's ticket format). */
export const fDateTimeAmPm = (input: DateInput, options?: FormatOptions) =>
  formatIn(input, DATE_FORMATS.dateTimeAmPm, options);

/** Relative time, e.g. « il y a 5 minutes ». */
export function fToNow(input: DateInput, options: Pick<FormatOptions, 'language'> = {}): string {
  const date = toDate(input);
  if (!date) return '';
  return formatDistanceToNow(date, { addSuffix: true, locale: dateLocale(options.language) });
}

/** A long, localised date such as « samedi 14 mars 2026 » in the given zone. */
export function fLongDate(input: DateInput, options: FormatOptions = {}): string {
  const date = toDate(input);
  if (!date) return '';
  return new Intl.DateTimeFormat(intlLocale(options.language), {
    dateStyle: 'full',
    timeZone: validTimeZone(options.timeZone),
  }).format(date);
}

/**
 * A business day 'yyyy-MM-dd' as « 26 nov. 2026 » in the interface's language. The day is already the
 * company's calendar day (its zone applied by the server or lib/day-range), so no zone shifts it; text
 * never shows the ISO form (issue 16). Anything else comes back unchanged.
 */
export function fBusinessDay(day: string | null | undefined, language?: string): string {
  if (!day) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.slice(0, 10));
  if (!m) return day;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (date.getMonth() !== Number(m[2]) - 1) return day;
  return format(date, 'd MMM yyyy', { locale: dateLocale(language) });
}

/** A business day 'yyyy-MM-dd' as « 21 févr. 2027 » (two-digit day: the columns of the reports and tickets). */
export function fDay(day: string, language?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), 'dd MMM yyyy', {
    locale: dateLocale(language),
  });
}

/** A business day 'YYYY-MM-DD' as « 23/11/2026 » (a receipt: no time zone, it is already the company's day). */
export function fDayNumeric(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}
