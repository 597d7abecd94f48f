import { DATE_RANGE_MAX_DAYS } from '@borlette/shared/contracts/engine-common';
import { addDays, daysBetween } from '../../../lib/day-range';

export { addDays, daysBetween, todayIn } from '../../../lib/day-range';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd value from the URL, or '' when absent or malformed. */
export const isoDayOrEmpty = (v: string | null | undefined) =>
  v && ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : '';

/** The period shown when the URL names none: the last `days` days ending today. */
export function effectivePeriod(start: string, end: string, today: string, days: number) {
  const e = end || (start ? addDays(start, days - 1) : today);
  const endDay = !end && start && e > today ? today : e;
  const s = start || addDays(endDay, -(days - 1));
  return { start: s, end: endDay };
}

/** Why the period cannot be sent (the server would refuse it), or null. */
export function periodProblem(start: string, end: string): 'order' | 'tooLong' | null {
  if (start && end && end < start) return 'order';
  if (start && end && daysBetween(start, end) > DATE_RANGE_MAX_DAYS) return 'tooLong';
  return null;
}
