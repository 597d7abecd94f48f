import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameError } from './errors';
import {
  assertMapping,
  DEFAULT_LOTO4_OPTIONS,
  DEFAULT_LOTO5_OPTIONS,
  lotList,
  lotsFromResult,
  type OptionMapping,
  optionNumbers,
} from './lots';

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });

describe('lotsFromResult', () => {
  it('derives the lots of the worked example 123 / 4567', () => {
    expect(lotsFromResult({ pick3: '123', pick4: '4567' })).toEqual({
      lot1: '23',
      lot2: '45',
      lot3: '67',
      loto3: '123',
      pick3: '123',
      pick4: '4567',
    });
  });

  it('keeps leading zeros', () => {
    const lots = lotsFromResult({ pick3: '007', pick4: '0009' });
    expect(lots.lot1).toBe('07');
    expect(lots.loto3).toBe('007');
    expect(lots.lot2).toBe('00');
    expect(lots.lot3).toBe('09');
  });

  it.each([
    ['12', '4567', 'Le Pick 3 doit avoir exactement 3 chiffres (reçu « 12 »)'],
    ['1234', '4567', 'Le Pick 3 doit avoir exactement 3 chiffres (reçu « 1234 »)'],
    ['12a', '4567', 'Le Pick 3 doit avoir exactement 3 chiffres (reçu « 12a »)'],
    ['123', '456', 'Le Pick 4 doit avoir exactement 4 chiffres (reçu « 456 »)'],
    ['123', ' 4567', 'Le Pick 4 doit avoir exactement 4 chiffres (reçu «  4567 »)'],
  ])('refuses %j / %j with a French message', (pick3, pick4, message) => {
    const run = () => lotsFromResult({ pick3, pick4 });
    expect(run).toThrow(GameError);
    expect(run).toThrow(message);
  });

  it('refuses numbers (leading zeros would be lost)', () => {
    expect(() => lotsFromResult({ pick3: 7 as unknown as string, pick4: '4567' })).toThrow(/Pick 3/);
  });

  it('always yields 2-digit lots that rebuild the results (property)', () => {
    fc.assert(
      fc.property(digits(3), digits(4), (pick3, pick4) => {
        const lots = lotsFromResult({ pick3, pick4 });
        for (const lot of lotList(lots)) expect(lot).toMatch(/^\d{2}$/);
        expect(pick3.endsWith(lots.lot1)).toBe(true);
        expect(lots.lot2 + lots.lot3).toBe(pick4);
        expect(lots.loto3).toBe(pick3);
      }),
    );
  });
});

describe('option numbers', () => {
  const lots = lotsFromResult({ pick3: '123', pick4: '4567' });

  it('builds the default loto 4 options: 4567, 2345, 2367', () => {
    expect(optionNumbers(lots, DEFAULT_LOTO4_OPTIONS)).toEqual({ 1: '4567', 2: '2345', 3: '2367' });
  });

  it('builds the default loto 5 options: 12345, 12367, 34567', () => {
    expect(optionNumbers(lots, DEFAULT_LOTO5_OPTIONS)).toEqual({ 1: '12345', 2: '12367', 3: '34567' });
  });

  it('follows a company mapping given as data', () => {
    const mapping: OptionMapping = { 1: ['lot3', 'lot2'], 2: ['lot1', 'lot1'], 3: ['pick4'] };
    expect(optionNumbers(lots, mapping)).toEqual({ 1: '6745', 2: '2323', 3: '4567' });
  });

  it('keeps leading zeros in option numbers', () => {
    const zeros = lotsFromResult({ pick3: '001', pick4: '0203' });
    expect(optionNumbers(zeros, DEFAULT_LOTO4_OPTIONS)).toEqual({ 1: '0203', 2: '0102', 3: '0103' });
    expect(optionNumbers(zeros, DEFAULT_LOTO5_OPTIONS)).toEqual({ 1: '00102', 2: '00103', 3: '10203' });
  });

  it('checks the length a mapping builds', () => {
    expect(() => assertMapping(DEFAULT_LOTO4_OPTIONS, 4)).not.toThrow();
    expect(() => assertMapping(DEFAULT_LOTO5_OPTIONS, 5)).not.toThrow();
    expect(() => assertMapping(DEFAULT_LOTO5_OPTIONS, 4)).toThrow(
      'L’option 1 du loto 4 doit former un nombre de 4 chiffres',
    );
  });

  it('exposes frozen defaults', () => {
    expect(Object.isFrozen(DEFAULT_LOTO4_OPTIONS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_LOTO5_OPTIONS[3])).toBe(true);
  });
});
