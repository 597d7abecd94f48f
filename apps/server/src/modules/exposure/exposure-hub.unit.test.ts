import { describe, expect, it } from 'vitest';
import { BOARD_DUTY, dueBoards, nextReadAt } from './exposure-hub';

describe('the boards a pass reads', () => {
  it('reads a board again no sooner than BOARD_DUTY times its last read after it started', () => {
    // A read of 181 ms (a draw of 126 000 lines) started at t = 1000: not before 1000 + 3 × 181.
    expect(nextReadAt(1000, 181)).toBe(1000 + BOARD_DUTY * 181);
    expect(BOARD_DUTY).toBeGreaterThan(1);
    // A fast read waits for nothing more than the next pass.
    expect(nextReadAt(1000, 2)).toBe(1006);
  });

  it('reads the boards that moved and are past their time, and keeps the others for a later pass', () => {
    const moved = { id: 'moved', dirty: true, notBefore: 0 };
    const movedSlow = { id: 'slow', dirty: true, notBefore: 1500 };
    const still = { id: 'still', dirty: false, notBefore: 0 };
    expect(dueBoards([moved, movedSlow, still], 1000).map((b) => b.id)).toEqual(['moved']);
    // The slow board stays dirty: read at the first pass past its time.
    expect(dueBoards([moved, movedSlow, still], 1500).map((b) => b.id)).toEqual(['moved', 'slow']);
  });
});
