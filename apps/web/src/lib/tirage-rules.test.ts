import type { DrawSource } from '@borlette/shared/contracts/tirages';
import { describe, expect, it } from 'vitest';
import { closesAfterDraw, inWeekOrder, minusMinutes, proposalFor, sourceTime } from './tirage-rules';

const ny: DrawSource = {
  id: 1,
  state: 'NY',
  state_name: 'New York',
  session: 'soir',
  name: 'New York Soir',
  timezone: 'America/New_York',
  draw_time: '22:30',
  days: [0, 1, 2, 3, 4, 5, 6],
  local_draw_time: '23:30',
  sales_close_minutes: 5,
};

describe('tirage rules', () => {
  it('subtracts minutes without going before midnight', () => {
    expect(minusMinutes('22:30', 5)).toBe('22:25');
    expect(minusMinutes('10:02', 5)).toBe('09:57');
    expect(minusMinutes('00:03', 5)).toBe('00:00');
    expect(minusMinutes('25:00', 5)).toBeNull();
  });

  it('orders days Monday first', () => {
    expect(inWeekOrder([0, 6, 1])).toEqual([1, 6, 0]);
  });

  it('prefers the company-zone time of a source', () => {
    expect(sourceTime(ny)).toBe('23:30');
    expect(sourceTime({ ...ny, local_draw_time: null })).toBe('22:30');
  });

  it('proposes name, days and close time from a source', () => {
    expect(proposalFor(ny, { name: '', previousSourceName: null })).toEqual({
      name: 'New York Soir',
      days: [0, 1, 2, 3, 4, 5, 6],
      close_time: '23:25',
    });
    // The company's own sales close setting decides the proposed close time.
    expect(proposalFor({ ...ny, sales_close_minutes: 15 }, { name: '', previousSourceName: null }).close_time).toBe(
      '23:15',
    );
    // A name the person typed is kept; the previous source's name is replaced.
    expect(proposalFor(ny, { name: 'NY du soir', previousSourceName: 'Florida Soir' }).name).toBeNull();
    expect(proposalFor(ny, { name: 'Florida Soir', previousSourceName: 'Florida Soir' }).name).toBe('New York Soir');
  });

  it('tells when the close time is after the official draw', () => {
    expect(closesAfterDraw('22:35', '22:30')).toBe(true);
    expect(closesAfterDraw('22:25', '22:30')).toBe(false);
    expect(closesAfterDraw('22:35', null)).toBe(false);
  });
});
