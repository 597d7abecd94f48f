import { describe, expect, it } from 'vitest';
import { addDays, effectiveRange, matchingPreset, presetRange, rangeProblem, todayIn } from '../../../lib/day-range';
import { hasNarrowingFilter, readFilters, toApiParams, writeFilters } from './fiche-filters';

const url = (s: string) => new URLSearchParams(s);

describe('ticket list filters in the URL', () => {
  it('reads valid values and drops malformed ones', () => {
    const f = readFilters(
      url(
        'start_date=2025-03-01&end_date=2025-03-31&tirage_id=4&surcussale_id=x&agent_id=12&agent=Jean&status=gagnant',
      ),
      'sold',
    );
    expect(f).toEqual({
      start: '2025-03-01',
      end: '2025-03-31',
      tirage: '4',
      surcussale: '',
      agent: '12',
      agentLabel: 'Jean',
      status: 'gagnant',
    });
    const bad = readFilters(url('start_date=2025-13-45&tirage_id=0&agent=Jean&status=supprime'), 'sold');
    expect(bad.start).toBe('');
    expect(bad.tirage).toBe('');
    expect(bad.agentLabel).toBe(''); // a label without its id means nothing
    expect(bad.status).toBe(''); // not a status of the sold list
    expect(readFilters(url('status=supprime'), 'deleted').status).toBe('supprime');
    expect(readFilters(url('status=paye'), 'paid').status).toBe('');
  });

  it('writes a patch, keeps the table params, and goes back to page 1', () => {
    const next = writeFilters(url('search=12&page=3&sort=amount&agent_id=5&agent=Ana'), { tirage: '7', agent: '' });
    expect(next.get('tirage_id')).toBe('7');
    expect(next.get('agent_id')).toBeNull();
    expect(next.get('agent')).toBeNull();
    expect(next.get('page')).toBeNull();
    expect(next.get('search')).toBe('12');
    expect(next.get('sort')).toBe('amount');
  });

  it('defaults the period to today and makes one bound a one-day period', () => {
    expect(effectiveRange({ start: '', end: '' }, '2025-03-10')).toEqual({ start: '2025-03-10', end: '2025-03-10' });
    expect(effectiveRange({ start: '2025-03-02', end: '' }, '2025-03-10')).toEqual({
      start: '2025-03-02',
      end: '2025-03-02',
    });
    expect(effectiveRange({ start: '', end: '2025-03-04' }, '2025-03-10')).toEqual({
      start: '2025-03-04',
      end: '2025-03-04',
    });
  });

  it('takes today on the company’s calendar', () => {
    const instant = new Date('2025-01-16T03:30:00Z');
    expect(todayIn('America/Port-au-Prince', instant)).toBe('2025-01-15');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2025-01-16');
  });

  it('flags an inverted or too long period', () => {
    expect(rangeProblem('2025-03-10', '2025-03-01')).toBe('order');
    expect(rangeProblem('2024-01-01', '2025-06-01')).toBe('tooLong');
    expect(rangeProblem('2025-01-01', '2025-12-31')).toBeNull();
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('has period shortcuts and recognises them', () => {
    expect(presetRange('week', '2025-03-10')).toEqual({ start: '2025-03-04', end: '2025-03-10' });
    expect(presetRange('month', '2025-03-10')).toEqual({ start: '2025-03-01', end: '2025-03-10' });
    expect(presetRange('yesterday', '2025-03-01')).toEqual({ start: '2025-02-28', end: '2025-02-28' });
    expect(matchingPreset({ start: '2025-03-10', end: '2025-03-10' }, '2025-03-10')).toBe('today');
    expect(matchingPreset({ start: '2025-03-02', end: '2025-03-10' }, '2025-03-10')).toBeNull();
  });

  it('builds the API params, leaving out empty filters', () => {
    const f = readFilters(url('tirage_id=3&status=annule'), 'deleted');
    expect(toApiParams(f, { start: '2025-03-01', end: '2025-03-02' })).toEqual({
      start_date: '2025-03-01',
      end_date: '2025-03-02',
      tirage_id: '3',
      surcussale_id: undefined,
      agent_id: undefined,
      status: 'annule',
    });
    expect(hasNarrowingFilter(f)).toBe(true);
    expect(hasNarrowingFilter(readFilters(url('start_date=2025-03-01'), 'sold'))).toBe(false);
  });
});
