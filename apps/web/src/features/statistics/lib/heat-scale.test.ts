import { describe, expect, it } from 'vitest';
import {
  boletGrid,
  exposure,
  exposureText,
  exposureTone,
  heatColors,
  heatLegend,
  heatLevel,
  hexToRgb,
} from './heat-scale';

describe('the bolet grid', () => {
  it('holds 00-99 in ten rows of ten, missing balls at 0 without a limit', () => {
    const grid = boletGrid([
      { number: '07', amount: 9000, limit: null },
      { number: '88', amount: 30000, limit: 500000, blocked: 'some' },
    ]);
    expect(grid).toHaveLength(10);
    expect(grid.every((r) => r.length === 10)).toBe(true);
    expect(grid[0][0]).toEqual({ number: '00', amount: 0, limit: null, blocked: null });
    expect(grid[0][7]).toEqual({ number: '07', amount: 9000, limit: null, blocked: null });
    expect(grid[8][8]).toEqual({ number: '88', amount: 30000, limit: 500000, blocked: 'some' });
    expect(grid[9][9].number).toBe('99');
  });
});

describe('the colour scale', () => {
  it('is 0 for nothing, at least 1 for a small amount, the top for the largest', () => {
    expect(heatLevel(0, 1000)).toBe(0);
    expect(heatLevel(100, 0)).toBe(0);
    expect(heatLevel(1, 1_000_000)).toBe(1);
    expect(heatLevel(1000, 1000)).toBe(6);
    expect(heatLevel(250, 1000)).toBe(3); // sqrt(0.25) = 0.5 -> 3 of 6
    expect(heatLevel(5000, 1000)).toBe(6);
  });

  it('rises with the amount', () => {
    const levels = [10, 100, 300, 600, 1000].map((a) => heatLevel(a, 1000));
    expect([...levels].sort((a, b) => a - b)).toEqual(levels);
  });

  it('gives the legend of each level, consistent with the levels', () => {
    const legend = heatLegend(3600);
    expect(legend[0]).toEqual({ level: 0, from: 0 });
    expect(legend).toHaveLength(7);
    for (const { level, from } of legend.slice(1)) expect(heatLevel(from, 3600)).toBe(level);
    expect(heatLegend(0)).toEqual([{ level: 0, from: 0 }]);
  });

  it('mixes the base colour and picks a readable text', () => {
    expect(hexToRgb('#2065D1')).toEqual([32, 101, 209]);
    expect(hexToRgb('#fff')).toEqual([255, 255, 255]);
    expect(heatColors(0, '#2065D1')).toEqual({ bg: 'transparent', strong: false });
    expect(heatColors(1, '#2065D1')).toEqual({ bg: 'rgba(32, 101, 209, 0.27)', strong: false });
    expect(heatColors(6, '#2065D1')).toEqual({ bg: 'rgba(32, 101, 209, 1.00)', strong: true });
  });
});

describe('exposure and the table', () => {
  it('is the share of the limit', () => {
    expect(exposure(250, 1000)).toBe(25);
    expect(exposure(250, null)).toBeNull();
    expect(exposure(250, 0)).toBeNull();
    expect(exposureTone(null)).toBeUndefined();
    expect(exposureTone(10)).toBe('success');
    expect(exposureTone(50)).toBe('warning');
    expect(exposureTone(80)).toBe('error');
    expect(exposureTone(130)).toBe('error');
  });
});

describe('the exposure as written', () => {
  it('keeps one decimal, as the table does: the card no longer rounds 4,5 % up to 5 % or 0,4 % down to 0 %', () => {
    expect(exposureText(exposure(4500, 100000) ?? 0)).toBe('4,5');
    expect(exposureText(exposure(400, 100000) ?? 0)).toBe('0,4');
    expect(exposureText(exposure(100000, 100000) ?? 0)).toBe('100');
    expect(exposureText(12.345, 'en')).toBe('12.3');
  });
});
