import type { PosTirage } from '@borlette/shared/contracts/sale';
import { describe, expect, it } from 'vitest';
import { clockOffset, closedReason, formatCountdown, isForcedOpen, isOpenNow, msUntilClose, sortDraws } from './draws';

const NOW = Date.parse('2026-03-14T15:00:00Z');
const SERVER = '2026-03-14T15:00:00Z';
const draw = (id: number, name: string, closes: string, open = true, reason: string | null = null): PosTirage => ({
  id,
  name,
  draw_date: '2026-03-14',
  is_open: open,
  closed_reason: reason,
  opens_at: '2026-03-14T10:00:00Z',
  closes_at: closes,
});

describe('draws offered by the POS', () => {
  it('measures the device clock against the server', () => {
    expect(clockOffset('2026-03-14T15:00:30Z', NOW)).toBe(30_000);
    expect(clockOffset('nonsense', NOW)).toBe(0);
  });

  it('counts down on the server clock', () => {
    const d = draw(1, 'NY Midi', '2026-03-14T15:10:00Z');
    expect(msUntilClose(d, NOW, 0)).toBe(600_000);
    expect(msUntilClose(d, NOW, 60_000)).toBe(540_000); // the device is one minute late
    expect(isOpenNow(d, NOW, 0, SERVER)).toBe(true);
    expect(isOpenNow(d, NOW + 600_000, 0, SERVER)).toBe(false);
    expect(isOpenNow({ ...d, is_open: false }, NOW, 0, SERVER)).toBe(false);
  });

  it('trusts the server for a draw forced open past its closing time (no countdown)', () => {
    const forced = draw(9, 'Maison', '2026-03-14T05:30:00Z');
    expect(isForcedOpen(forced, SERVER)).toBe(true);
    expect(isOpenNow(forced, NOW + 3600_000, 0, SERVER)).toBe(true);
    expect(isForcedOpen({ ...forced, is_open: false }, SERVER)).toBe(false);
    expect(isForcedOpen(draw(1, 'NY', '2026-03-14T15:10:00Z'), SERVER)).toBe(false);
    const { open } = sortDraws([forced, draw(1, 'NY', '2026-03-14T15:10:00Z')], NOW, 0, SERVER);
    expect(open.map((d) => d.id)).toEqual([1, 9]);
  });

  it('sorts open draws by closing time, closed ones by name', () => {
    const list = [
      draw(1, 'NY Soir', '2026-03-14T22:25:00Z'),
      draw(2, 'FL Midi', '2026-03-14T17:25:00Z'),
      draw(3, 'GA Matin', '2026-03-14T15:00:30Z'), // its countdown ran out since the answer
      draw(4, 'Texas', '2026-03-14T16:00:00Z', false, 'day'),
      draw(5, 'Bloqué', '2026-03-14T23:00:00Z', false, 'blocked'),
    ];
    const { open, closed } = sortDraws(list, NOW + 60_000, 0, SERVER);
    expect(open.map((d) => d.id)).toEqual([2, 1]);
    expect(closed.map((d) => d.id)).toEqual([5, 3, 4]);
  });

  it('formats the countdown', () => {
    expect(formatCountdown(2 * 3600_000 + 5 * 60_000 + 59_000)).toBe('2 h 05');
    expect(formatCountdown(12 * 60_000 + 34_000)).toBe('12:34');
    expect(formatCountdown(9_999)).toBe('0:09');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('knows the reasons of a closed draw', () => {
    expect(closedReason({ is_open: false, closed_reason: 'day' })).toBe('day');
    expect(closedReason({ is_open: false, closed_reason: 'something new' })).toBe('closed');
    expect(closedReason({ is_open: false, closed_reason: null })).toBe('closed');
  });
});
