import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bet, type BetCode, normaliseMariage } from './bets';
import { BetParseError } from './errors';
import { formatAmount, formatBet, parseAmount, parseBetLine, parseBets } from './parse';

describe('parseBetLine', () => {
  it.each<[string, Bet]>([
    ['23 10', { code: 20, number: '23', stake: 1000 }],
    ['07 1', { code: 20, number: '07', stake: 100 }],
    ['12*34 5', { code: 40, number: '12*34', stake: 500 }],
    ['34*12 5', { code: 40, number: '12*34', stake: 500 }],
    ['34 * 12 5', { code: 40, number: '12*34', stake: 500 }],
    ['123 2', { code: 30, number: '123', stake: 200 }],
    ['007 2', { code: 30, number: '007', stake: 200 }],
    ['4567 o1 1', { code: 41, number: '4567', stake: 100 }],
    ['4567 O2 1', { code: 42, number: '4567', stake: 100 }],
    ['0456 o3 1', { code: 43, number: '0456', stake: 100 }],
    ['12345 o2 3', { code: 52, number: '12345', stake: 300 }],
    ['12345 O1 3', { code: 51, number: '12345', stake: 300 }],
    ['12345 o3 3', { code: 53, number: '12345', stake: 300 }],
    ['23 12.50', { code: 20, number: '23', stake: 1250 }],
    ['23 12,50', { code: 20, number: '23', stake: 1250 }],
    ['23 12,5', { code: 20, number: '23', stake: 1250 }],
    ['23 0.05', { code: 20, number: '23', stake: 5 }],
    ['  23    10  ', { code: 20, number: '23', stake: 1000 }],
  ])('parses %j', (text, bet) => {
    expect(parseBetLine(text)).toEqual(bet);
  });

  it.each([
    ['23x 10', 2, 'Ligne 2 : « 23x 10 » n’est pas un pari reconnu'],
    ['abc', 1, 'Ligne 1 : « abc » n’est pas un pari reconnu'],
    ['123456 1', 1, 'Ligne 1 : « 123456 1 » n’est pas un pari reconnu'],
    ['23 o1 10 4', 1, 'Ligne 1 : « 23 o1 10 4 » n’est pas un pari reconnu'],
    ['4567 o4 1', 1, 'Ligne 1 : « 4567 o4 1 » n’est pas un pari reconnu'],
    ['23 0', 1, 'Ligne 1 : la mise doit être positive'],
    ['23 0,00', 1, 'Ligne 1 : la mise doit être positive'],
    ['23 -5', 1, 'Ligne 1 : la mise doit être positive'],
    ['23', 3, 'Ligne 3 : la mise est manquante pour « 23 »'],
    ['4567 o1', 1, 'Ligne 1 : la mise est manquante pour « 4567 »'],
    ['23 12.505', 1, 'Ligne 1 : la mise « 12.505 » a plus de 2 décimales'],
    ['23 10x', 1, 'Ligne 1 : la mise « 10x » n’est pas un montant valide'],
    ['23 99999999999999999', 1, 'Ligne 1 : la mise « 99999999999999999 » est trop élevée'],
    ['4567 1', 1, 'Ligne 1 : l’option (o1, o2 ou o3) est obligatoire pour un loto 4'],
    ['12345 1', 4, 'Ligne 4 : l’option (o1, o2 ou o3) est obligatoire pour un loto 5'],
    ['23 o1 1', 1, 'Ligne 1 : l’option n’existe que pour le loto 4 et le loto 5'],
    ['12*34 o1 1', 1, 'Ligne 1 : l’option n’existe que pour le loto 4 et le loto 5'],
    ['45*45 1', 1, 'Ligne 1 : un mariage ne peut pas avoir deux fois la même boule (« 45*45 »)'],
    ['5 10', 1, 'Ligne 1 : un bolet se joue de 00 à 99, avec 2 chiffres (« 5 »)'],
    ['1*34 10', 1, 'Ligne 1 : un mariage se joue avec deux boules de 00 à 99, par exemple 12*34 (« 1*34 »)'],
    ['   ', 1, 'Ligne 1 : la ligne est vide'],
  ])('refuses %j with a French message', (text, line, message) => {
    let error: unknown;
    try {
      parseBetLine(text, line);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BetParseError);
    expect((error as BetParseError).message).toBe(message);
    expect((error as BetParseError).line).toBe(line);
  });
});

describe('parseBets', () => {
  it('parses a ticket and reports every bad line with its number', () => {
    const { bets, errors } = parseBets('23 10\n23x 10\n\n12*34 5\r\n4567 1\n12345 o2 3');
    expect(bets.map((b) => [b.line, b.bet])).toEqual([
      [1, { code: 20, number: '23', stake: 1000 }],
      [4, { code: 40, number: '12*34', stake: 500 }],
      [6, { code: 52, number: '12345', stake: 300 }],
    ]);
    expect(errors).toEqual([
      { line: 2, text: '23x 10', message: 'Ligne 2 : « 23x 10 » n’est pas un pari reconnu' },
      { line: 5, text: '4567 1', message: 'Ligne 5 : l’option (o1, o2 ou o3) est obligatoire pour un loto 4' },
    ]);
  });

  it('returns nothing for an empty text', () => {
    expect(parseBets('')).toEqual({ bets: [], errors: [] });
  });
});

describe('amounts', () => {
  it('parses strings to centimes and formats them back', () => {
    expect(parseAmount('10')).toBe(1000);
    expect(parseAmount('0,1')).toBe(10);
    expect(parseAmount('0.29')).toBe(29); // 0.29 * 100 is 28.999… as a float: the string is parsed instead
    expect(parseAmount('1.15')).toBe(115);
    expect(formatAmount(1250)).toBe('12.50');
    expect(formatAmount(1000)).toBe('10');
    expect(formatAmount(5)).toBe('0.05');
  });
});

describe('formatBet', () => {
  it('writes what the agent types', () => {
    expect(formatBet({ code: 41, number: '4567', stake: 100 })).toBe('4567 o1 1');
    expect(formatBet({ code: 40, number: '12*34', stake: 1250 })).toBe('12*34 12.50');
    expect(() => formatBet({ code: 44, number: '12*34', stake: 0 })).toThrow('Un mariage gratuit est généré');
  });

  const ball = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
  const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
  const stake = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
  const bet: fc.Arbitrary<Bet> = fc.oneof(
    fc.record({ code: fc.constant<BetCode>(20), number: ball, stake }),
    fc.record({
      code: fc.constant<BetCode>(40),
      number: fc
        .tuple(ball, ball)
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => normaliseMariage(`${a}*${b}`)),
      stake,
    }),
    fc.record({ code: fc.constant<BetCode>(30), number: digits(3), stake }),
    fc.record({ code: fc.constantFrom<BetCode>(41, 42, 43), number: digits(4), stake }),
    fc.record({ code: fc.constantFrom<BetCode>(51, 52, 53), number: digits(5), stake }),
  );

  it('round-trips: parse(format(bet)) = bet (property)', () => {
    fc.assert(
      fc.property(bet, (b) => {
        expect(parseBetLine(formatBet(b))).toEqual(b);
      }),
    );
  });

  it('round-trips amounts with a comma too (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (c) => {
        expect(parseAmount(formatAmount(c))).toBe(c);
        expect(parseAmount(formatAmount(c).replace('.', ','))).toBe(c);
      }),
    );
  });
});
