import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BET_CODES, BET_TYPES, isBetCode, lotoCode, normaliseBet, normaliseMariage, normaliseNumber } from './bets';
import { GameError } from './errors';

const ball = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));

describe('bet types', () => {
  it('has the codes of docs/domain.md', () => {
    expect([...BET_CODES].sort()).toEqual([20, 30, 40, 41, 42, 43, 44, 51, 52, 53]);
    expect(BET_TYPES[20].game).toBe('bolet');
    expect(BET_TYPES[40].game).toBe('mariage');
    expect(BET_TYPES[30].game).toBe('loto3');
    expect(BET_TYPES[42]).toMatchObject({ game: 'loto4', option: 2 });
    expect(BET_TYPES[53]).toMatchObject({ game: 'loto5', option: 3 });
    expect(BET_TYPES[44].game).toBe('mariageGratuit');
    expect(lotoCode('loto4', 1)).toBe(41);
    expect(lotoCode('loto5', 3)).toBe(53);
    expect(isBetCode(20)).toBe(true);
    expect(isBetCode(21)).toBe(false);
    expect(isBetCode('20')).toBe(false);
  });
});

describe('normaliseMariage', () => {
  it('puts the smaller ball first', () => {
    expect(normaliseMariage('34*12')).toBe('12*34');
    expect(normaliseMariage('12*34')).toBe('12*34');
    expect(normaliseMariage('07 * 03')).toBe('03*07');
  });

  it('refuses what is not two 2-digit balls', () => {
    for (const bad of ['1*34', '12*345', '12-34', '12*', 'ab*cd']) {
      expect(() => normaliseMariage(bad)).toThrow(GameError);
    }
    expect(() => normaliseMariage('1*34')).toThrow('Un mariage se joue avec deux boules de 00 à 99');
  });

  it('is order-independent and idempotent (property)', () => {
    fc.assert(
      fc.property(ball, ball, (a, b) => {
        const n = normaliseMariage(`${a}*${b}`);
        expect(normaliseMariage(`${b}*${a}`)).toBe(n);
        expect(normaliseMariage(n)).toBe(n);
        const [x, y] = n.split('*');
        expect(Number(x)).toBeLessThanOrEqual(Number(y));
      }),
    );
  });
});

describe('normaliseBet', () => {
  it('normalises a mariage and keeps other numbers', () => {
    expect(normaliseBet({ code: 40, number: '67*23', stake: 200 })).toEqual({ code: 40, number: '23*67', stake: 200 });
    expect(normaliseBet({ code: 20, number: '07', stake: 1 })).toEqual({ code: 20, number: '07', stake: 1 });
    expect(normaliseBet({ code: 41, number: '0456', stake: 100 }).number).toBe('0456');
  });

  it('checks the digits of each game', () => {
    expect(() => normaliseNumber(20, '7')).toThrow('Un bolet se joue avec 2 chiffres (00 à 99) (reçu « 7 »)');
    expect(() => normaliseNumber(20, '100')).toThrow(GameError);
    expect(() => normaliseNumber(30, '12')).toThrow('Un loto 3 se joue avec 3 chiffres');
    expect(() => normaliseNumber(42, '12345')).toThrow('Un loto 4 option 2 se joue avec 4 chiffres');
    expect(() => normaliseNumber(51, '1234')).toThrow('Un loto 5 option 1 se joue avec 5 chiffres');
    expect(() => normaliseNumber(99 as 20, '12')).toThrow('Code de jeu inconnu : 99');
  });

  it('refuses a mariage with the same ball twice (normaliseNumber allows it, for settlement)', () => {
    expect(normaliseNumber(40, '45*45')).toBe('45*45');
    expect(() => normaliseBet({ code: 40, number: '45*45', stake: 100 })).toThrow(
      'Un mariage ne peut pas avoir deux fois la même boule',
    );
  });

  it('refuses a stake that is not a positive integer of centimes', () => {
    expect(() => normaliseBet({ code: 20, number: '23', stake: 0 })).toThrow('La mise doit être positive');
    expect(() => normaliseBet({ code: 20, number: '23', stake: -100 })).toThrow('La mise doit être positive');
    expect(() => normaliseBet({ code: 20, number: '23', stake: 12.5 })).toThrow('nombre entier de centimes');
    expect(normaliseBet({ code: 44, number: '34*12', stake: 0 })).toEqual({ code: 44, number: '12*34', stake: 0 });
  });
});
