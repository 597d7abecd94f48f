import { describe, expect, it } from 'vitest';
import { formatVerificationCode, readVerificationCode } from './verification-code';

describe('verification code of a receipt', () => {
  it('reads what the agent types: any case, with the dash or spaces', () => {
    expect(readVerificationCode(' abcd-efgh ')).toEqual({ kind: 'code', code: 'ABCDEFGH' });
    expect(readVerificationCode('AB CD 23 45')).toEqual({ kind: 'code', code: 'ABCD2345' });
    expect(readVerificationCode('')).toEqual({ kind: 'empty' });
  });

  it('refuses ambiguous symbols (0, O, 1, I) and a wrong length', () => {
    expect(readVerificationCode('ABCD-EFG0').kind).toBe('invalid');
    expect(readVerificationCode('ABCD-EFGI').kind).toBe('invalid');
    expect(readVerificationCode('ABCD-EFG').kind).toBe('invalid');
  });

  it('prints ABCD-EFGH', () => {
    expect(formatVerificationCode('ABCDEFGH')).toBe('ABCD-EFGH');
  });
});
