import { describe, expect, it } from 'vitest';
import { keyFor, newKey, signatureOf } from './idempotency';
import {
  balanceTotals,
  canReverse,
  formatSigned,
  isWalletKind,
  KIND_TONE,
  movementEffect,
  WALLET_KINDS,
  zeroAmount,
} from './wallet-kinds';

const fr = { language: 'fr', currency: 'HTG' };
const clean = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('wallet kinds and signs', () => {
  it('has a tone for every kind of the contract', () => {
    expect(Object.keys(KIND_TONE).sort()).toEqual([...WALLET_KINDS].sort());
    expect(isWalletKind('zero')).toBe(true);
    expect(isWalletKind('gift')).toBe(false);
  });

  it('writes the sign of an amount', () => {
    expect(clean(formatSigned(5040, fr))).toBe('+50,40');
    expect(clean(formatSigned(-123450, fr))).toBe('\u22121 234,50');
    expect(formatSigned(0, fr)).toBe('0,00');
    expect(formatSigned(-100, { language: 'en', currency: 'HTG' })).toBe('\u22121.00');
  });

  it('sums what is to collect and the défisi apart', () => {
    expect(balanceTotals([{ balance: 500 }, { balance: -200 }, { balance: 0 }, { balance: 100 }])).toEqual({
      owed: 600,
      deficit: -200,
    });
  });

  it('reverses a transaction zero once, nothing else', () => {
    expect(canReverse({ kind: 'zero', reversed: false })).toBe(true);
    expect(canReverse({ kind: 'zero', reversed: true })).toBe(false);
    expect(canReverse({ kind: 'zero_reversal', reversed: false })).toBe(false);
    expect(canReverse({ kind: 'deposit', reversed: false })).toBe(false);
  });

  it('posts the opposite of the balance to bring it to 0', () => {
    expect(zeroAmount(125000)).toBe(-125000);
    expect(zeroAmount(-3000)).toBe(3000);
    expect(zeroAmount(0)).toBeNull();
  });

  it('previews a movement as the server books it', () => {
    expect(movementEffect('deposit', 5000)).toBe(-5000);
    expect(movementEffect('withdrawal', 5000)).toBe(5000);
    expect(movementEffect('adjustment', 5000, true)).toBe(5000);
    expect(movementEffect('adjustment', 5000, false)).toBe(-5000);
  });
});

describe('the idempotency key', () => {
  it('keeps the key while the same content is retried, a new one for another content', () => {
    let n = 0;
    const make = () => `key-${++n}-abcdef`;
    const a = keyFor(null, 's1', make);
    expect(keyFor(a, 's1', make)).toBe(a);
    const b = keyFor(a, 's2', make);
    expect(b.key).not.toBe(a.key);
  });

  it('signs a content whatever the order of its fields', () => {
    expect(signatureOf({ a: 1, b: null })).toBe(signatureOf({ b: undefined, a: 1 }));
    expect(signatureOf({ a: 1 })).not.toBe(signatureOf({ a: 2 }));
  });

  it('makes keys the contract accepts', () => {
    expect(newKey()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
