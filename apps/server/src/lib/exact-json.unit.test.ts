import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bigintReplacer, parseJsonExact } from './exact-json';

describe('JSON with integers past 2^53', () => {
  it('reads them as exact bigints, leaves everything else to JSON.parse', () => {
    expect(parseJsonExact('{"a":9007199254740993,"b":12,"c":"9007199254740993","d":-9007199254740995}')).toEqual({
      a: 9007199254740993n,
      b: 12,
      c: '9007199254740993',
      d: -9007199254740995n,
    });
    // Fractions, exponents and digits inside strings stay as JSON.parse reads them.
    expect(parseJsonExact('[0.12345678901234567890, 1e-12345678901234567, "x\\"12345678901234567"]')).toEqual(
      JSON.parse('[0.12345678901234567890, 1e-12345678901234567, "x\\"12345678901234567"]'),
    );
    expect(parseJsonExact('{"n":1234567890123456}')).toEqual({ n: 1234567890123456 });
  });

  it('round-trips any value through the replacer (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (v, big) => {
        const raw = `{"big":${big},"v":${JSON.stringify(v) ?? 'null'}}`;
        const parsed = parseJsonExact(raw) as { big: unknown };
        expect(BigInt(parsed.big as bigint)).toBe(big);
        expect(JSON.stringify(parsed, bigintReplacer)).toContain(
          Number.isSafeInteger(Number(big)) && BigInt(Number(big)) === big ? `"big":${big}` : `"big":"${big}"`,
        );
      }),
    );
  });
});
