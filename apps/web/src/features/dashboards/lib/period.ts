import { DATE_RANGE_MAX_DAYS } from '@borlette/shared/contracts/engine-common';
import { addDays, daysBetween } from '../../../lib/day-range';

export { addDays, daysBetween, todayIn } from '../../../lib/day-range';

/**
 * The board's periods, on the company's calendar (business days 'YYYY-MM-DD'). Pure functions,
 * unit-tested; the URL keeps `period` (and `start_date` / `end_date` for a custom range).
 */
export const PERIODS = ['today', 'yesterday', '7d', '30d', 'month', 'custom'] as const;
export type PeriodKey = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: PeriodKey = 'today';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const parsePeriod = (v: string | null | undefined): PeriodKey =>
  (PERIODS as readonly string[]).includes(v ?? '') ? (v as PeriodKey) : DEFAULT_PERIOD;

/** A 'YYYY-MM-DD' value from the URL, or '' when absent or malformed. */
export const isoDayOrEmpty = (v: string | null | undefined) =>
  v && ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : '';

export interface Range {
  start: string;
  end: string;
}

/** Why a custom range cannot be asked for (the server would refuse it), or null. */
export function rangeProblem(start: string, end: string): 'missing' | 'order' | 'tooLong' | null {
  if (!start || !end) return 'missing';
  if (end < start) return 'order';
  if (daysBetween(start, end) > DATE_RANGE_MAX_DAYS + 1) return 'tooLong';
  return null;
}

/** The days a period covers; null for a custom range that cannot be sent. */
export function periodRange(key: PeriodKey, today: string, custom: Partial<Range> = {}): Range | null {
  switch (key) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { start: day, end: day };
    }
    case '7d':
      return { start: addDays(today, -6), end: today };
    case '30d':
      return { start: addDays(today, -29), end: today };
    case 'month':
      return { start: `${today.slice(0, 8)}01`, end: today };
    case 'custom': {
      const start = isoDayOrEmpty(custom.start);
      const end = isoDayOrEmpty(custom.end);
      return rangeProblem(start, end) ? null : { start, end };
    }
  }
}

/**
 * Every day of the range once, in order, with the server's row for that day or `empty(day)`: a line
 * chart draws no gap and a day without sales reads 0.
 */
export function fillDays<T extends { date: string }>(rows: readonly T[], range: Range, empty: (day: string) => T): T[] {
  const byDay = new Map(rows.map((r) => [r.date.slice(0, 10), r]));
  const days = Math.min(daysBetween(range.start, range.end), DATE_RANGE_MAX_DAYS + 1);
  const out: T[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(range.start, i);
    out.push(byDay.get(day) ?? empty(day));
  }
  return out;
}
