import { describe, expect, it } from 'vitest';
import { optionPreviews, previewLots } from './lots-rules';
import { addDays, effectivePeriod, isoDayOrEmpty, periodProblem, todayIn } from './period';

describe('period', () => {
  it('reads only real days from the URL', () => {
    expect(isoDayOrEmpty('2026-03-14')).toBe('2026-03-14');
    expect(isoDayOrEmpty('2026-3-14')).toBe('');
    expect(isoDayOrEmpty(null)).toBe('');
  });

  it('knows today in the company zone', () => {
    // 2026-03-15 02:00 UTC is still the 14th in Port-au-Prince (UTC-4 in March).
    expect(todayIn('America/Port-au-Prince', new Date('2026-03-15T02:00:00Z'))).toBe('2026-03-14');
  });

  it('defaults to the last days ending today', () => {
    expect(effectivePeriod('', '', '2026-03-14', 7)).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(effectivePeriod('2026-03-01', '', '2026-03-14', 7)).toEqual({ start: '2026-03-01', end: '2026-03-07' });
    expect(effectivePeriod('2026-03-12', '', '2026-03-14', 7)).toEqual({ start: '2026-03-12', end: '2026-03-14' });
    expect(effectivePeriod('', '2026-02-10', '2026-03-14', 7)).toEqual({ start: '2026-02-04', end: '2026-02-10' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('refuses an inverted or too long period', () => {
    expect(periodProblem('2026-03-14', '2026-03-01')).toBe('order');
    expect(periodProblem('2024-01-01', '2026-01-01')).toBe('tooLong');
    expect(periodProblem('2026-03-01', '2026-03-14')).toBeNull();
  });
});

describe('lots preview', () => {
  it('derives each lot as soon as its pick is complete (leading zeros kept)', () => {
    expect(previewLots('123', '4567')).toMatchObject({
      complete: true,
      lot1: '23',
      lot2: '45',
      lot3: '67',
      loto3: '123',
    });
    expect(previewLots('007', '')).toMatchObject({ complete: false, lot1: '07', lot2: null, lot3: null, loto3: '007' });
    expect(previewLots('12', '0456')).toMatchObject({ complete: false, lot1: null, lot2: '04', lot3: '56' });
  });

  it('builds the option numbers of the enabled options', () => {
    const lots = previewLots('123', '4567').lots;
    if (!lots) throw new Error('complete');
    const base = { game: 'loto4', option: 1, example: '', created_at: '', updated_at: '' } as const;
    const list = optionPreviews(lots, [
      { ...base, id: 2, code: 42, label: 'O2', mapping: ['lot1', 'lot2'], enabled: true, status: 'active' },
      { ...base, id: 1, code: 41, label: 'O1', mapping: ['lot2', 'lot3'], enabled: true, status: 'active' },
      {
        ...base,
        id: 3,
        code: 53,
        label: 'O3',
        mapping: ['lot1LastDigit', 'lot2', 'lot3'],
        enabled: true,
        status: 'active',
      },
      { ...base, id: 4, code: 43, label: 'off', mapping: ['lot1', 'lot3'], enabled: false, status: 'active' },
    ]);
    expect(list.map((o) => [o.code, o.number])).toEqual([
      [41, '4567'],
      [42, '2345'],
      [53, '34567'],
    ]);
  });
});
