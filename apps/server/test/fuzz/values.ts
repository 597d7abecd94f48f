import fc from 'fast-check';

/**
 * Hostile values of the fuzz suite: what people and scripts send when they are careless or malicious.
 * Each is a fast-check arbitrary so that a seed replays the same run.
 */

export const SQL_INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '; DROP TABLE users;',
  '1; SELECT pg_sleep(30) --',
  "1' AND (SELECT count(*) FROM pg_stat_activity) > 0 --",
  '" OR ""="',
  "admin'--",
  "') UNION SELECT token_hash, null FROM sessions --",
  '1) OR (1=1',
  '$1',
  '%',
  '_',
  '\\',
  "\\'; COPY users TO '/tmp/x'; --",
  "E'\\x00'",
  '1::int',
  "'||pg_sleep(20)||'",
];

export const HTML_INJECTIONS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, on purpose
  '${7*7}',
  '=HYPERLINK("http://evil","x")',
  "=cmd|' /C calc'!A0",
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'file:///etc/passwd',
  '<!--',
  ']]>',
];

export const UNICODE_STRINGS = [
  '\u202Eabc\u202Dxyz', // right-to-left override
  'مرحبا بالعالم', // Arabic (RTL)
  'שלום', // Hebrew
  '😀🎰💰🇭🇹', // emoji and a flag
  '👨‍👩‍👧‍👦', // ZWJ sequence
  'a\u0000b', // NUL byte
  '\u0000',
  'x\uD800y', // lone high surrogate
  '\uDC00', // lone low surrogate
  '\uFEFF', // BOM
  '\u200B\u200C\u200D', // zero-width
  'e\u0301\u0301\u0301\u0301', // combining marks
  'Ａ１２３', // full width
  '\r\n\t\v\f',
  '\u001b[31mred',
  '\uFFFF\uFFFE',
  'Z̴̡̛̗͎̈́̿a̸̡̐l̷g̶o̵',
];

export const BLANK_STRINGS = ['', ' ', '   ', '\t', '\n', 'null', 'undefined', 'NaN', 'true', '[]', '{}'];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

/** Numbers no amount, id or count should accept as is (JSON turns NaN and ±Infinity into null). */
export const HOSTILE_NUMBERS = [
  -1,
  -0.01,
  0.5,
  1.5,
  99.999,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e308,
  -1e308,
  1e-308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  -(2 ** 31) - 1,
  2 ** 31,
  1e99,
];

/** Integers at the edges of the database's types (smallint, integer, bigint, a double's safe range). */
export const INT_BOUNDARIES = [
  32767,
  32768,
  -32769,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 31 + 7,
  -(2 ** 31) - 1,
  4294967296,
  2 ** 53 - 1,
  -(2 ** 53) + 1,
  2 ** 63,
];

/** Malformed and out-of-range dates, times and periods. */
export const HOSTILE_DATES = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '0000-00-00',
  '0000-01-01',
  '-0001-01-01',
  '99999-12-31',
  '275760-09-14',
  '1900-01-01',
  '9999-12-31',
  '2024-1-1',
  '01/02/2024',
  '2024-01-01T25:61:00Z',
  '2024-01-01T00:00:00+99:00',
  '2024-01-01 24:00',
  '1e10',
  'today',
  'yesterday',
  '2024-W01',
  '24:00',
  '23:60',
  '-1:00',
  '12:00:00.0000000001',
  'Infinity',
  'epoch',
  'allballs',
];

/** Path parameters that are not ids. */
export const HOSTILE_PARAMS = [
  '-1',
  '0',
  '1e99',
  '1.5',
  'abc',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  'NaN',
  'Infinity',
  '9999999999999999999999',
  '0x10',
  '%27%20OR%201%3D1%20--',
  '..%2F..%2Fetc%2Fpasswd',
  '%3Cscript%3E',
  '%F0%9F%98%80',
  'a'.repeat(199),
  'a'.repeat(201),
  '1'.repeat(5000),
];

const huge = fc
  .record({
    n: fc.integer({ min: 100_000, max: 180_000 }),
    unit: fc.constantFrom('A', 'é', '😀', "' OR 1=1 --", '<b>'),
  })
  .map(({ n, unit }) => unit.repeat(Math.ceil(n / unit.length)));

/** Any hostile string: injections, unicode, blanks, random binary, and now and then a huge one (100 kB+). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SQL_INJECTIONS) },
  { weight: 3, arbitrary: fc.constantFrom(...HTML_INJECTIONS) },
  { weight: 4, arbitrary: fc.constantFrom(...UNICODE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...BLANK_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_DATES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300, minLength: 201 }) },
  { weight: 1, arbitrary: huge },
);

export const hugeString = huge;

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: false }) },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: -1 }) },
);

export const hostileDate: fc.Arbitrary<string> = fc.constantFrom(...HOSTILE_DATES);

/** A value of the wrong JSON type for a field that expects `type`. */
export function wrongTypeValues(type: string | undefined): unknown[] {
  const all: unknown[] = [
    'abc',
    "' OR 1=1 --",
    { $gt: '' },
    { __proto__x: 1, constructor: { prototype: 1 } },
    [1, 2, 3],
    [],
    true,
    12.5,
    -7,
  ];
  switch (type) {
    case 'string':
      return [{ $ne: null }, [1, 2, 3], { a: 1 }, true, 12.5, -7];
    case 'integer':
    case 'number':
      return ['abc', "' OR 1=1 --", 'NaN', '1e999x', { $gt: 0 }, ['x'], '12abc'];
    case 'boolean':
      return ['yes', 'maybe', 2, { a: 1 }, ['true'], -1];
    case 'array':
      return ['abc', 12.5, { 0: 'a', length: 1 }, true];
    case 'object':
      return ['abc', 12.5, [1, 2], true];
    default:
      return all;
  }
}

/** A huge array of hostile elements (10 000+ items). */
export const hugeArray: fc.Arbitrary<unknown[]> = fc
  .record({ n: fc.integer({ min: 10_000, max: 30_000 }), item: fc.constantFrom<unknown>(1, 'x', -1, null, {}, '0') })
  .map(({ n, item }) => Array.from({ length: n }, () => item));

/** Raw bytes for a file part: not an image, a truncated image, a lying header, or nothing. */
export const hostileFile: fc.Arbitrary<{ filename: string; contentType: string; data: Buffer }> = fc.record({
  filename: fc.constantFrom('x.png', '../../etc/passwd', 'a\u0000.png', 'évil 😀.jpg', 'x'.repeat(300), ''),
  contentType: fc.constantFrom('image/png', 'image/jpeg', 'application/x-msdownload', 'text/html', ''),
  data: fc.oneof(
    fc.constant(Buffer.from('<script>alert(1)</script>')),
    fc.constant(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), // PNG header, nothing after
    fc.constant(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])), // JPEG header, garbage
    fc.constant(Buffer.from(`GIF89a${'x'.repeat(100)}`)),
    fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
    fc.constant(Buffer.alloc(0)),
  ),
});
