import { describe, expect, it } from 'vitest';
import { pickerDate, pickerString } from './picker-value';

describe('pickerDate', () => {
  it('reads the wall-clock strings as local fields', () => {
    const day = pickerDate('date', '2026-11-26');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate(), day?.getHours()]).toEqual([2026, 10, 26, 0]);
    const time = pickerDate('time', '18:30');
    expect([time?.getHours(), time?.getMinutes()]).toEqual([18, 30]);
    expect(pickerDate('time', '07:05:09')?.getSeconds()).toBe(9);
    const at = pickerDate('datetime', '2026-03-14T08:45');
    expect([at?.getMonth(), at?.getDate(), at?.getHours(), at?.getMinutes()]).toEqual([2, 14, 8, 45]);
  });

  it('gives null for empty or impossible values', () => {
    for (const v of ['', null, undefined, '2026-02-31', '26/11/2026', '25:00', '2026-11-26 08:00']) {
      expect(pickerDate(v === '25:00' ? 'time' : 'date', v)).toBeNull();
    }
  });
});

describe('pickerString', () => {
  it('writes the local fields back, whatever the zone', () => {
    expect(pickerString('date', new Date(2026, 10, 26, 23, 59))).toBe('2026-11-26');
    expect(pickerString('time', new Date(2026, 0, 1, 9, 5))).toBe('09:05');
    expect(pickerString('datetime', new Date(2026, 0, 1, 9, 5))).toBe('2026-01-01T09:05');
  });

  it('empties on null and waits (null) on an incomplete or out-of-range date', () => {
    expect(pickerString('date', null)).toBe('');
    expect(pickerString('date', new Date(Number.NaN))).toBeNull();
    expect(pickerString('date', new Date(1999, 11, 31))).toBeNull();
  });

  it('round-trips', () => {
    for (const [k, v] of [
      ['date', '2000-01-01'],
      ['time', '00:00'],
      ['datetime', '2099-12-31T23:59'],
    ] as const) {
      expect(pickerString(k, pickerDate(k, v))).toBe(v);
    }
  });
});
