/** The i18n keys of the words the settings show (pure: unit-tested beside). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** « lun. mar. … » of a session's days, Monday first as people read a week; all seven: « tous les jours ». */
export function daysKeys(days: readonly number[]): string[] {
  if (days.length === 7) return ['days.all'];
  return [1, 2, 3, 4, 5, 6, 0].filter((d) => days.includes(d)).map((d) => `days.short.${d}`);
}

/** How a base URL reads: the built-in feed, the manual source, or the address itself. */
export function urlKind(url: string): 'sandbox' | 'manual' | 'http' {
  return url === 'sandbox:' ? 'sandbox' : url === 'manual:' ? 'manual' : 'http';
}
