import { describe, expect, it } from 'vitest';
import { soldLevel } from './sold';

describe('soldLevel', () => {
  it('is green far from the maximum, orange near it, red at it', () => {
    expect(soldLevel(0, 10_000)).toBe('success');
    expect(soldLevel(7_900, 10_000)).toBe('success');
    expect(soldLevel(8_000, 10_000)).toBe('warning');
    expect(soldLevel(10_000, 10_000)).toBe('error');
  });

  it('is red for a maximum of 0 (the number is closed)', () => {
    expect(soldLevel(0, 0)).toBe('error');
  });
});
