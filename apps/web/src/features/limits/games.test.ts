import { describe, expect, it } from 'vitest';
import { checkGameNumber } from './games';

describe('checkGameNumber', () => {
  it('accepts a bolet of 2 digits, with its leading zero', () => {
    expect(checkGameNumber(20, '07')).toEqual({ ok: true, value: '07' });
    expect(checkGameNumber(20, ' 2 3 ')).toEqual({ ok: true, value: '23' });
  });

  it('refuses a bolet of another length', () => {
    expect(checkGameNumber(20, '7')).toEqual({ ok: false, problem: 'digits' });
    expect(checkGameNumber(20, '123')).toEqual({ ok: false, problem: 'digits' });
    expect(checkGameNumber(20, '')).toEqual({ ok: false, problem: 'required' });
  });

  it('normalises a mariage, smaller ball first (both orders are one number)', () => {
    expect(checkGameNumber(40, '34*12')).toEqual({ ok: true, value: '12*34' });
    expect(checkGameNumber(40, '12 * 34')).toEqual({ ok: true, value: '12*34' });
    expect(checkGameNumber(40, '12x34')).toEqual({ ok: true, value: '12*34' });
  });

  it('refuses a mariage without two balls, or with the same ball twice', () => {
    expect(checkGameNumber(40, '1234')).toEqual({ ok: false, problem: 'mariage' });
    expect(checkGameNumber(40, '45*45')).toEqual({ ok: false, problem: 'sameBall' });
  });

  it('checks the digits of loto 3, 4 and 5', () => {
    expect(checkGameNumber(30, '007')).toEqual({ ok: true, value: '007' });
    expect(checkGameNumber(41, '4567')).toEqual({ ok: true, value: '4567' });
    expect(checkGameNumber(53, '1234')).toEqual({ ok: false, problem: 'digits' });
    expect(checkGameNumber(51, '12345')).toEqual({ ok: true, value: '12345' });
  });
});
