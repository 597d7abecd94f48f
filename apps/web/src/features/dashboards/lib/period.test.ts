import { describe, expect, it } from 'vitest';
import { compactMoney, percent, shortDay } from './format';
import { fillDays, parsePeriod, periodRange, rangeProblem, todayIn } from './period';

describe('periods of the home board', () => {
  const today = '2026-03-01';

  it('reads the period of the URL, today by default', () => {
    expect(parsePeriod('7d')).toBe('7d');
    expect(parsePeriod('week')).toBe('today');
    expect(parsePeriod(null)).toBe('today');
  });

  it('computes each preset on the company calendar', () => {
    expect(periodRange('today', today)).toEqual({ start: today, end: today });
    expect(periodRange('yesterday', today)).toEqual({ start: '2026-02-28', end: '2026-02-28' });
    expect(periodRange('7d', today)).toEqual({ start: '2026-02-23', end: today });
    expect(periodRange('30d', today)).toEqual({ start: '2026-01-31', end: today });
    expect(periodRange('month', '2026-02-17')).toEqual({ start: '2026-02-01', end: '2026-02-17' });
  });

  it('accepts a custom range only when the server would', () => {
    expect(periodRange('custom', today, { start: '2026-01-01', end: '2026-01-31' })).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
    });
    expect(periodRange('custom', today, { start: '2026-01-31', end: '2026-01-01' })).toBeNull();
    expect(periodRange('custom', today, { start: '2026-01-01' })).toBeNull();
    expect(periodRange('custom', today, { start: '2026-13-01', end: '2026-12-01' })).toBeNull();
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBeNull(); // 366 days apart: allowed
    expect(rangeProblem('2025-01-01', '2026-01-03')).toBe('tooLong');
    expect(rangeProblem('2026-01-02', '2026-01-01')).toBe('order');
  });

  it('takes today in the company zone, not the browser one', () => {
    const lateUtc = new Date('2026-03-02T03:00:00Z'); // still the 1st in Port-au-Prince (UTC-5)
    expect(todayIn('America/Port-au-Prince', lateUtc)).toBe('2026-03-01');
    expect(todayIn('Europe/Paris', lateUtc)).toBe('2026-03-02');
  });

  it('fills the days without rows with zeros, in order', () => {
    const rows = [
      { date: '2026-02-28', sales: 5 },
      { date: '2026-02-26', sales: 3 },
    ];
    const filled = fillDays(rows, { start: '2026-02-26', end: '2026-03-01' }, (date) => ({ date, sales: 0 }));
    expect(filled).toEqual([
      { date: '2026-02-26', sales: 3 },
      { date: '2026-02-27', sales: 0 },
      { date: '2026-02-28', sales: 5 },
      { date: '2026-03-01', sales: 0 },
    ]);
  });
});

describe('number formats of the charts', () => {
  it('shortens the axes and keeps days readable', () => {
    expect(compactMoney(123_456_700, 'en')).toBe('1.2M');
    expect(compactMoney(50_000, 'en')).toBe('500');
    expect(shortDay('2026-05-07', 'fr')).toBe('07/05');
    expect(shortDay('2026-05-07', 'en')).toBe('05/07');
    expect(percent(1, 4, 'en')).toBe('25%');
    expect(percent(1, 0, 'en')).toBe('0%');
  });
});
