import { DEFAULT_TIME_ZONE, intlLocale } from '../../../lib/format';
import { monthPeriod, periodMonth } from './period';

/**
 * Display of billing dates in the interface's language. Days ('YYYY-MM-DD') are calendar days, shown
 * without any zone shift; instants (paid_at…) on the platform's clock. Pure functions, unit-tested.
 */

const utcDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** '2025-03-14' -> « 14 mars 2025 ». */
export function fDay(day: string | null | undefined, language = 'fr'): string {
  if (!day) return '';
  const d = utcDay(day);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

/** '2025-03' -> « mars 2025 ». */
export function fMonth(month: string, language = 'fr'): string {
  const d = utcDay(`${month}-01`);
  const text = new Intl.DateTimeFormat(intlLocale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A whole month reads « Mars 2025 », whole months « Janvier 2025 – Mars 2025 », other days « 1 mars 2025 – 15 mars 2025 ». */
export function fPeriod(start: string, end: string, language = 'fr'): string {
  const s = start.slice(0, 10);
  const e = end.slice(0, 10);
  const month = periodMonth({ start: s, end: e });
  if (month) return fMonth(month, language);
  const first = periodMonth({ start: s, end: monthPeriod(s.slice(0, 7)).end });
  const last = periodMonth({ start: `${e.slice(0, 7)}-01`, end: e });
  if (first && last) return `${fMonth(first, language)} – ${fMonth(last, language)}`;
  return s === e ? fDay(s, language) : `${fDay(s, language)} – ${fDay(e, language)}`;
}

/** An instant on the platform's calendar: « 14 mars 2025 ». */
export function fInstantDay(at: string | null | undefined, language = 'fr', timeZone = DEFAULT_TIME_ZONE): string {
  if (!at) return '';
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(d);
}
