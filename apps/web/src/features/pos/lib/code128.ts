/**
 * Code 128 for ticket numbers (digits only), so that a scanner or the camera (BarcodeDetector,
 * format code_128) reads the number printed under the QR code. Pairs of digits use set C; an odd
 * digit count ends with the last digit in set B. Pure: the SVG is drawn from `code128Bars`.
 */

/** Bar/space widths of the 107 symbols (index = value; 103-105 start A/B/C, 106 stop). */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 ' +
  '122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 ' +
  '322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 ' +
  '112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 ' +
  '331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 ' +
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 ' +
  '124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 ' +
  '411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

const START_C = 105;
const CODE_B = 100;
const STOP = 106;

/** The symbol values of `digits` (start, data, checksum, stop). Throws on anything but digits. */
export function code128Values(digits: string): number[] {
  if (!/^\d+$/.test(digits)) throw new Error('Code 128 : chiffres uniquement');
  const values = [START_C];
  let i = 0;
  for (; i + 1 < digits.length; i += 2) values.push(Number(digits.slice(i, i + 2)));
  if (i < digits.length) values.push(CODE_B, 16 + Number(digits[i])); // '0' is 16 in set B
  const checksum = values.reduce((sum, v, k) => sum + v * (k === 0 ? 1 : k), 0) % 103;
  return [...values, checksum, STOP];
}

/** Widths (in modules) of alternating bars and spaces, starting with a bar. */
export function code128Widths(digits: string): number[] {
  return code128Values(digits).flatMap((v) => [...PATTERNS[v]!].map(Number));
}

export interface Bar {
  x: number;
  width: number;
}

/** The black bars, in modules, after a quiet zone of `quiet` modules; `total` includes both quiet zones. */
export function code128Bars(digits: string, quiet = 10): { bars: Bar[]; total: number } {
  const bars: Bar[] = [];
  let x = quiet;
  code128Widths(digits).forEach((w, k) => {
    if (k % 2 === 0) bars.push({ x, width: w });
    x += w;
  });
  return { bars, total: x + quiet };
}

/** Exposed for the tests: every symbol is 11 modules wide (the stop 13). */
export const CODE128_PATTERNS: readonly string[] = PATTERNS;
