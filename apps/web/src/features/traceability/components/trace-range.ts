import { TRACE_DEFAULT_DAYS, TRACE_MAX_DAYS } from '@borlette/shared/contracts/traceability';
import { addDays, daysBetween } from '../../../lib/day-range';

export { addDays, daysBetween, todayIn } from '../../../lib/day-range';

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
