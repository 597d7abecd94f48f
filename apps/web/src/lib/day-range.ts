import { DATE_RANGE_MAX_DAYS } from '@borlette/shared/contracts/engine-common';
import { toZonedWallClock } from './format';

/**
 * Days (yyyy-MM-dd on the company's calendar) and periods of the filter rows: validation, today in a
 * zone, the shortcuts (today, yesterday, 7 days, this month) and the range checks. Pure, unit-tested
 * through the ticket filters.
 */

const DAY = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

export const isDay = (v: string | null | undefined): v is string =>
  !!v && ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '2000-01-01' && v <= '2100-12-31';

/** Today on the company's calendar (yyyy-MM-dd), whatever the browser's zone. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  const d = toZonedWallClock(now, timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;

/** The period shown and sent: today unless chosen; one bound alone makes a one-day period. */
export function effectiveRange(f: { start: string; end: string }, today: string) {
  const start = f.start || f.end || today;
  const end = f.end || f.start || today;
  return { start, end };
}

/** A language-free problem code for the range inputs, or null. */
export function rangeProblem(start: string, end: string): 'order' | 'tooLong' | null {
  if (end < start) return 'order';
  if (daysBetween(start, end) > DATE_RANGE_MAX_DAYS) return 'tooLong';
  return null;
}

export type RangePreset = 'today' | 'yesterday' | 'week' | 'month';
export const RANGE_PRESETS: readonly RangePreset[] = ['today', 'yesterday', 'week', 'month'];

/** The period of a shortcut: today, yesterday, the last 7 days, the current month (to today). */
export function presetRange(preset: RangePreset, today: string): { start: string; end: string } {
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { start: y, end: y };
    }
    case 'week':
      return { start: addDays(today, -6), end: today };
    case 'month':
      return { start: `${today.slice(0, 8)}01`, end: today };
  }
}

/** The shortcut a period matches, if any (to highlight it). */
export function matchingPreset(range: { start: string; end: string }, today: string): RangePreset | null {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.start === range.start && r.end === range.end;
    }) ?? null
  );
}
