import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128Bars, code128Values, code128Widths } from './code128';

describe('Code 128 of ticket numbers', () => {
  it('has 107 symbols of 11 modules (stop 13), 3 bars each (stop 4)', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    CODE128_PATTERNS.forEach((p, i) => {
      const sum = [...p].reduce((s, d) => s + Number(d), 0);
      expect(sum, `symbol ${i}`).toBe(i === 106 ? 13 : 11);
      // the bars of every symbol total an even number of modules (the symbology's parity)
      const bars = [...p].filter((_, k) => k % 2 === 0).reduce((s, d) => s + Number(d), 0);
      expect(bars % 2, `symbol ${i}`).toBe(0);
    });
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
  });

  it('encodes pairs of digits in set C with the checksum', () => {
    // start C 105, 12, 34 -> (105 + 12×1 + 34×2) mod 103 = 82
    expect(code128Values('1234')).toEqual([105, 12, 34, 82, 106]);
    expect(code128Values('00')).toEqual([105, 0, 2, 106]); // 105 mod 103 = 2
  });

  it('ends an odd number of digits in set B', () => {
    // 105, 12, 34, Code B (100), '5' = 21 -> (105 + 12 + 68 + 300 + 84) mod 103 = 569 mod 103 = 54
    expect(code128Values('12345')).toEqual([105, 12, 34, 100, 21, 54, 106]);
  });

  it('draws bars between quiet zones', () => {
    const widths = code128Widths('1234');
    expect(widths.reduce((a, b) => a + b, 0)).toBe(11 * 4 + 13);
    const { bars, total } = code128Bars('1234', 10);
    expect(total).toBe(10 + 57 + 10);
    expect(bars[0]).toEqual({ x: 10, width: 2 }); // start C begins with a 2-module bar
    expect(bars.at(-1)).toEqual({ x: 10 + 57 - 2, width: 2 }); // the stop ends with a 2-module bar
  });

  it('refuses anything but digits', () => {
    expect(() => code128Values('12a')).toThrow();
    expect(() => code128Values('')).toThrow();
  });
});
