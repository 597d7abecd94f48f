import { TRACE_DEFAULT_DAYS, TRACE_MAX_DAYS } from '@borlette/shared/contracts/traceability';
import { toZonedWallClock } from '../../../lib/format-time';

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Today on the company's calendar (yyyy-MM-dd). */
export function todayIn(timeZone: string, now = new Date()): string {
  const d = toZonedWallClock(now, timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;

/** The range the server will use, defaults included (the last 7 days ending today). */
export function effectiveRange(start: string, end: string, today: string) {
  const e = end || (start ? addDays(start, TRACE_DEFAULT_DAYS - 1) : today);
  const endDay = !end && start && e > today ? today : e;
  const s = start || addDays(endDay, -(TRACE_DEFAULT_DAYS - 1));
  return { start: s, end: endDay };
}

/** A French-free problem code for the range inputs, or null. */
export function rangeProblem(start: string, end: string): 'order' | 'tooLong' | null {
  if (start && end && end < start) return 'order';
  if (start && end && daysBetween(start, end) > TRACE_MAX_DAYS) return 'tooLong';
  return null;
}
