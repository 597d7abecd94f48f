import { formatMoney, formatNumber, intlLocale } from '../../../lib/format';

/** Number formats of the board's charts (axes stay short; tooltips and tables say the full amount). */

/** 1 234 567 centimes -> « 12,3 k » (an axis tick). */
export function compactMoney(centimes: number, language = 'fr'): string {
  try {
    return formatNumber(centimes / 100, language, { notation: 'compact', maximumFractionDigits: 1 });
  } catch {
    return String(Math.round(centimes / 100));
  }
}

/** '2026-05-07' -> « 07/05 » (fr) / « 05/07 » (en). */
export function shortDay(day: string, language = 'fr'): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(language), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
    date,
  );
}

/** '2026-05-07' -> « 7 mai 2026 ». */
export function longDay(day: string, language = 'fr'): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A money formatter bound to a currency and a language (charts' valueFormatter). */
export const moneyFormatter = (currency: string, language: string) => (centimes: number | null) =>
  centimes === null ? '' : formatMoney(centimes, currency, language);

/** Share of `part` in `total`, rounded (« 12 % »). */
export function percent(part: number, total: number, language = 'fr'): string {
  const ratio = total > 0 ? part / total : 0;
  return formatNumber(ratio, language, { style: 'percent', maximumFractionDigits: 0 });
}
