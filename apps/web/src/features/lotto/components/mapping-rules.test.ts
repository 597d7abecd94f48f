import { describe, expect, it } from 'vitest';
import {
  allCodesTaken,
  canAdd,
  defaultMapping,
  digitsFor,
  exampleNumber,
  freeCodes,
  mappingDigits,
  move,
} from './mapping-rules';

describe('lotto mapping rules', () => {
  it('counts the digits of a mapping', () => {
    expect(mappingDigits(['lot2', 'lot3'])).toBe(4);
    expect(mappingDigits(['lot1LastDigit', 'lot2', 'lot3'])).toBe(5);
    expect(mappingDigits(['pick3', 'lot2'])).toBe(5);
    expect(digitsFor(41)).toBe(4);
    expect(digitsFor(53)).toBe(5);
  });

  it('builds the example of docs/domain.md (123 / 4567)', () => {
    expect(exampleNumber(defaultMapping(41))).toBe('4567');
    expect(exampleNumber(defaultMapping(42))).toBe('2345');
    expect(exampleNumber(defaultMapping(43))).toBe('2367');
    expect(exampleNumber(defaultMapping(51))).toBe('12345');
    expect(exampleNumber(defaultMapping(52))).toBe('12367');
    expect(exampleNumber(defaultMapping(53))).toBe('34567');
  });

  it('only offers parts that fit', () => {
    expect(canAdd(['lot2'], 'lot3', 4)).toBe(true);
    expect(canAdd(['lot2'], 'pick3', 4)).toBe(false);
    expect(
      canAdd(['lot1LastDigit', 'lot1LastDigit', 'lot1LastDigit', 'lot1LastDigit', 'lot1LastDigit'], 'lot1LastDigit', 9),
    ).toBe(false);
  });

  it('reorders parts', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('lists the codes still free', () => {
    expect(freeCodes([41, 42, 51])).toEqual([43, 52, 53]);
  });

  it('has nothing left to create once the six options exist', () => {
    expect(allCodesTaken([])).toBe(false);
    expect(allCodesTaken([41, 42, 43, 51, 52])).toBe(false);
    expect(allCodesTaken([53, 52, 51, 43, 42, 41])).toBe(true);
  });
});
