import { DATE_RANGE_MAX_DAYS } from '@borlette/shared/contracts/engine-common';
import { daysBetween } from '../../../lib/day-range';

export { daysBetween, todayIn } from '../../../lib/day-range';

/**
 * Billing periods: an invoice covers one calendar month, so a period is a month (the current one by
 * default) or a range of whole months (the server selects every month a range touches). Days are
 * 'YYYY-MM-DD', months 'YYYY-MM'. Pure functions, unit-tested.
 */

export interface Period {
  start: string;
  end: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const pad = (n: number) => String(n).padStart(2, '0');

export function isDay(v: string | null | undefined): v is string {
  if (!v || !ISO_DAY.test(v) || v < '2000-01-01' || v > '2100-12-31') return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const isMonth = (v: string | null | undefined): v is string =>
  !!v && ISO_MONTH.test(v) && v >= '2000-01' && v <= '2100-12';

/** '2025-02' -> { start: '2025-02-01', end: '2025-02-28' }. */
export function monthPeriod(month: string): Period {
  const m = ISO_MONTH.exec(month);
  if (!m) throw new Error(`Not a month: ${month}`);
  const year = Number(m[1]);
  const index = Number(m[2]);
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${pad(last)}` };
}

export const monthOf = (day: string) => day.slice(0, 7);

/** The month before or after ('2025-01', -1 -> '2024-12'). */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The month a period covers exactly, or null for any other range. */
export function periodMonth(p: Period): string | null {
  const month = monthOf(p.start);
  const whole = monthPeriod(month);
  return whole.start === p.start && whole.end === p.end ? month : null;
}

/** A language-free problem code of a range, or null. */
export function rangeProblem(p: Period): 'order' | 'tooLong' | null {
  if (p.end < p.start) return 'order';
  if (daysBetween(p.start, p.end) > DATE_RANGE_MAX_DAYS) return 'tooLong';
  return null;
}

/** The whole months from one month to another. */
export const monthsPeriod = (from: string, to: string): Period => ({
  start: monthPeriod(from).start,
  end: monthPeriod(to).end,
});

/** The period of the URL widened to whole months (what the server bills), else the current month. */
export function readPeriod(params: URLSearchParams, today: string): Period {
  const start = params.get('start_date');
  const end = params.get('end_date');
  const s = isDay(start) ? start : isDay(end) ? end : null;
  const e = isDay(end) ? end : s;
  if (!s || !e) return monthPeriod(monthOf(today));
  return monthsPeriod(monthOf(s), monthOf(e));
}

/** Writes a period into the URL; the current month is the default and leaves the URL clean. */
export function writePeriod(params: URLSearchParams, p: Period, today: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = monthPeriod(monthOf(today));
  if (p.start === current.start && p.end === current.end) {
    next.delete('start_date');
    next.delete('end_date');
  } else {
    next.set('start_date', p.start);
    next.set('end_date', p.end);
  }
  next.delete('page');
  return next;
}
