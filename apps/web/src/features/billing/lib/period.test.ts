import { describe, expect, it } from 'vitest';
import {
  isDay,
  isMonth,
  monthPeriod,
  monthsPeriod,
  periodMonth,
  rangeProblem,
  readPeriod,
  shiftMonth,
  todayIn,
  writePeriod,
} from './period';

const url = (s: string) => new URLSearchParams(s);

describe('billing periods', () => {
  it('gives the whole month, leap years included', () => {
    expect(monthPeriod('2025-01')).toEqual({ start: '2025-01-01', end: '2025-01-31' });
    expect(monthPeriod('2025-02')).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(monthPeriod('2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(monthPeriod('2025-04')).toEqual({ start: '2025-04-01', end: '2025-04-30' });
    expect(monthPeriod('2025-12')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(() => monthPeriod('2025-13')).toThrow();
  });

  it('moves by months across years', () => {
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
    expect(shiftMonth('2025-03', -14)).toBe('2024-01');
  });

  it('recognises a whole month, and nothing else', () => {
    expect(periodMonth({ start: '2025-02-01', end: '2025-02-28' })).toBe('2025-02');
    expect(periodMonth({ start: '2025-02-01', end: '2025-02-27' })).toBeNull();
    expect(periodMonth({ start: '2025-02-02', end: '2025-02-28' })).toBeNull();
    expect(periodMonth({ start: '2025-01-01', end: '2025-02-28' })).toBeNull();
  });

  it('spans whole months', () => {
    expect(monthsPeriod('2024-11', '2025-02')).toEqual({ start: '2024-11-01', end: '2025-02-28' });
  });

  it('validates days and months', () => {
    expect(isDay('2025-02-28')).toBe(true);
    expect(isDay('2025-02-30')).toBe(false);
    expect(isDay('1999-12-31')).toBe(false);
    expect(isDay('x')).toBe(false);
    expect(isMonth('2025-09')).toBe(true);
    expect(isMonth('2025-9')).toBe(false);
    expect(isMonth('2025-00')).toBe(false);
  });

  it('reads the URL, the current month by default', () => {
    expect(readPeriod(url(''), '2025-03-14')).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    // Widened to whole months: an invoice covers a month.
    expect(readPeriod(url('start_date=2025-01-05&end_date=2025-02-20'), '2025-03-14')).toEqual({
      start: '2025-01-01',
      end: '2025-02-28',
    });
    expect(readPeriod(url('start_date=2025-01-05'), '2025-03-14')).toEqual({ start: '2025-01-01', end: '2025-01-31' });
    expect(readPeriod(url('end_date=2024-02-05'), '2025-03-14')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(readPeriod(url('start_date=bad&end_date=2025-99-01'), '2025-03-14')).toEqual({
      start: '2025-03-01',
      end: '2025-03-31',
    });
  });

  it('writes the URL: the current month leaves it clean, the page goes back to 1', () => {
    const kept = writePeriod(url('company=DEMO&page=3'), { start: '2025-01-01', end: '2025-01-31' }, '2025-03-14');
    expect(kept.toString()).toBe('company=DEMO&start_date=2025-01-01&end_date=2025-01-31');
    const clean = writePeriod(kept, { start: '2025-03-01', end: '2025-03-31' }, '2025-03-14');
    expect(clean.toString()).toBe('company=DEMO');
  });

  it('reports an inverted or too long range', () => {
    expect(rangeProblem({ start: '2025-03-02', end: '2025-03-01' })).toBe('order');
    expect(rangeProblem({ start: '2024-01-01', end: '2025-06-01' })).toBe('tooLong');
    expect(rangeProblem({ start: '2025-01-01', end: '2025-12-31' })).toBeNull();
  });

  it('takes today on the zone’s calendar', () => {
    const now = new Date('2025-03-01T03:00:00Z'); // 28 February, 22:00 in Port-au-Prince
    expect(todayIn('America/Port-au-Prince', now)).toBe('2025-02-28');
    expect(todayIn('Europe/Paris', now)).toBe('2025-03-01');
  });
});
