import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billingPrice } from './billing';
import { amountField, MAX_AMOUNT } from './engine-common';
import {
  addCentimes,
  centimesCell,
  centimesJson,
  centimesText,
  isCentimes,
  money,
  parseCentimes,
  subCentimes,
  toCentimes,
} from './money';
import { saleLine } from './sale';
import { walletInput } from './wallet';

/** The review's values (issue 15, defect 11) and their cousins: none is an amount. */
const NOT_AMOUNTS: unknown[] = [
  true,
  false,
  [5],
  ['100'],
  { value: 100 },
  '0x64',
  '1e2',
  '100.0000000000000001',
  '100.0',
  '100,5',
  ' 100',
  '100 ',
  '+100',
  '-100',
  '0100',
  '١٠٠',
  '１００',
  '1_000',
  'Infinity',
  'NaN',
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  '9007199254740993',
  '99999999999999999999',
];

describe('strict amounts in requests', () => {
  const stake = amountField('La mise', { feminine: true });

  it.each(NOT_AMOUNTS.map((v) => [JSON.stringify(v) ?? String(v), v]))('refuses %s', (_, v) => {
    expect(parseCentimes(v)).toBeNull();
    const r = stake.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toMatch(/^La mise /);
  });

  it('accepts a JSON integer or its canonical digits, and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT }), (n) => {
        expect(stake.parse(n)).toBe(n);
        expect(stake.parse(String(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        const ok = /^(0|[1-9]\d*)$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_AMOUNT;
        expect(stake.safeParse(s).success).toBe(ok);
      }),
    );
    fc.assert(
      fc.property(fc.double({ noInteger: true }), (d) => {
        expect(stake.safeParse(d).success).toBe(false);
      }),
    );
  });

  it('says what is wrong in French, per case', () => {
    const msg = (v: unknown) => stake.safeParse(v).error?.issues[0].message;
    expect(msg(undefined)).toBe('La mise est requise');
    expect(msg('1e2')).toBe('La mise doit être un nombre en centimes entiers (chiffres uniquement, sans décimales)');
    expect(msg(0)).toBe('La mise doit être positive');
    expect(msg(MAX_AMOUNT + 1)).toBe('La mise est trop grande');
    expect(amountField('Le montant', { allowZero: true }).safeParse(-1).error?.issues[0].message).toBe(
      'Le montant ne peut pas être négatif',
    );
  });

  it('applies to the sale line and the wallet movement', () => {
    for (const v of NOT_AMOUNTS) {
      expect(saleLine.safeParse({ code: 20, number: '12', stake: v }).success).toBe(false);
      expect(
        walletInput.safeParse({ agent_id: 1, kind: 'deposit', amount: v, idempotency_key: 'abcdefgh12' }).success,
      ).toBe(false);
    }
    expect(saleLine.parse({ code: 20, number: '12', stake: '500' }).stake).toBe(500);
  });

  it('encodes too (a request contract reused as a response, e.g. the billing ladder)', () => {
    expect(z.encode(amountField('Le prix', { allowZero: true }), 0)).toBe(0);
    expect(z.encode(billingPrice, { min: 1, price: 1500 })).toEqual({ min: 1, price: 1500 });
  });
});

describe('amounts past 2^53 on the server', () => {
  const big = fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n });
  const asCentimes = (b: bigint) => toCentimes(b);

  it('reads int8 values exactly: a number while safe, a bigint past', () => {
    expect(toCentimes(12n)).toBe(12);
    expect(toCentimes('9007199254740993')).toBe(9007199254740993n);
    expect(toCentimes('-42')).toBe(-42);
    expect(() => toCentimes(2 ** 53)).toThrow(RangeError);
    expect(() => toCentimes('12.5')).toThrow(TypeError);
  });

  it('adds and subtracts exactly (property, against BigInt)', () => {
    fc.assert(
      fc.property(fc.array(big, { maxLength: 6 }), (xs) => {
        const exact = xs.reduce((s, x) => s + x, 0n);
        const got = addCentimes(...xs.map(asCentimes));
        expect(BigInt(got)).toBe(exact);
        const safe = exact >= BigInt(Number.MIN_SAFE_INTEGER) && exact <= BigInt(Number.MAX_SAFE_INTEGER);
        expect(typeof got).toBe(safe ? 'number' : 'bigint');
      }),
    );
    fc.assert(
      fc.property(big, big, (a, b) => {
        expect(BigInt(subCentimes(asCentimes(a), asCentimes(b)))).toBe(a - b);
      }),
    );
  });

  it('writes JSON, CSV and PDF text exactly', () => {
    expect(centimesJson(9007199254740993n)).toBe('9007199254740993');
    expect(centimesJson(123)).toBe(123);
    expect(centimesText(9007199254740993n)).toBe('90071992547409,93');
    expect(centimesText(-5)).toBe('-0,05');
    expect(centimesText(123456789, { group: ' ' })).toBe('1 234 567,89');
    expect(centimesCell(null)).toBe('');
    fc.assert(
      fc.property(big, (b) => {
        const [units, cents] = centimesText(asCentimes(b), { decimal: '.' }).split('.');
        expect(BigInt(units.replace('-', '')) * 100n + BigInt(cents)).toBe(b < 0n ? -b : b);
      }),
    );
  });

  it('lets a response carry a safe number or an exact bigint, nothing rounded', () => {
    expect(money.safeParse(9007199254740993n).success).toBe(true);
    expect(money.safeParse(12).success).toBe(true);
    expect(money.safeParse(2 ** 53).success).toBe(false);
    expect(money.safeParse(1.5).success).toBe(false);
    expect(isCentimes('9007199254740993')).toBe(true);
  });
});
