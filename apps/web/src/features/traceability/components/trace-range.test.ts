import { describe, expect, it } from 'vitest';
import { addDays, effectiveRange, rangeProblem, todayIn } from './trace-range';

describe('traceability day range', () => {
  it('takes today on the company’s calendar, not the browser’s', () => {
    const instant = new Date('2025-01-16T03:30:00Z');
    expect(todayIn('America/Port-au-Prince', instant)).toBe('2025-01-15');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2025-01-16');
  });

  it('fills the defaults like the server: the last 7 days, or 7 days from a start', () => {
    expect(effectiveRange('', '', '2025-03-10')).toEqual({ start: '2025-03-04', end: '2025-03-10' });
    expect(effectiveRange('2025-02-01', '', '2025-03-10')).toEqual({ start: '2025-02-01', end: '2025-02-07' });
    expect(effectiveRange('2025-03-08', '', '2025-03-10')).toEqual({ start: '2025-03-08', end: '2025-03-10' });
    expect(effectiveRange('', '2025-03-02', '2025-03-10')).toEqual({ start: '2025-02-24', end: '2025-03-02' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('flags an inverted or too long range', () => {
    expect(rangeProblem('2025-03-10', '2025-03-01')).toBe('order');
    expect(rangeProblem('2024-01-01', '2025-06-01')).toBe('tooLong');
    expect(rangeProblem('2025-01-01', '2025-12-31')).toBeNull();
  });
});
