import { describe, expect, it } from 'vitest';
import { bpText, parsePercent } from './rate-fields';

describe('commission percents', () => {
  it('reads a typed percent as basis points, empty as inherit', () => {
    expect(parsePercent('')).toBeNull();
    expect(parsePercent(' 12,5 ')).toBe(1250);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('3.33')).toBe(333);
  });
  it('refuses what is not a percent of at most 100 with two decimals', () => {
    for (const bad of ['100.01', '-1', 'dix', '1.234', '1e2']) expect(parsePercent(bad), bad).toBeUndefined();
  });
  it('shows basis points as a percent', () => {
    expect(bpText(1250)).toBe('12.5');
    expect(bpText(null)).toBe('');
  });
});
