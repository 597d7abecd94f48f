import '../zod-setup';
import { z } from 'zod';

/**
 * Money at every boundary: integer centimes, exact, whatever the database holds (issue 15).
 *
 * - In (requests): ONE format, a JSON integer or a string of ASCII digits without sign, spaces, leading
 *   zeros, decimals, exponent or hex (query strings and multipart forms only carry strings). Anything
 *   else (`true`, `[5]`, `"0x64"`, `"1e2"`, `"100.0000000000000001"`, `1.5`) is refused in French.
 * - On the server: an amount is a `number` while it is a safe integer (|v| ≤ 2^53 − 1) and a `bigint`
 *   past it — never a rounded number. The database parsers (db/client.ts) give exactly that for int8,
 *   and `addCentimes` / `subCentimes` keep it so in JS arithmetic.
 * - Out (JSON, CSV, audit): a safe amount stays a JSON number (today's shape); past 2^53 it is a string
 *   of its decimal digits (`"9007199254740993"`): exact, and its type tells the client it is not an
 *   ordinary number. Response schemas declare such fields with `money` (typed `number` so the clients'
 *   code is unchanged; the web's formatMoney takes the string too).
 */

/** An amount in centimes as the server holds it: a number while safe, a bigint past 2^53. */
export type Centimes = number | bigint;

const INTEGER_TEXT = /^-?\d+$/;

/** A bigint as a Centimes: a number when it fits exactly. */
function narrow(v: bigint): Centimes {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/**
 * Checked conversion of a value read from the database (int8 as number or bigint, numeric as text)
 * to Centimes. A number that is not a safe integer has already lost digits: refused, never passed on.
 */
export function toCentimes(v: unknown): Centimes {
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return v;
    throw new RangeError(`amount is not an exact integer: ${v}`);
  }
  if (typeof v === 'bigint') return narrow(v);
  if (typeof v === 'string' && INTEGER_TEXT.test(v)) return narrow(BigInt(v));
  throw new TypeError(`not an amount: ${typeof v}`);
}

/** Exact sum of amounts (number while safe, bigint past). */
export function addCentimes(...values: Centimes[]): Centimes {
  let n = 0;
  let i = 0;
  for (; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isSafeInteger(n + v)) break;
    n += v;
  }
  if (i === values.length) return n;
  let big = BigInt(n);
  for (; i < values.length; i++) big += BigInt(values[i]);
  return narrow(big);
}

/** Exact a − b. */
export function subCentimes(a: Centimes, b: Centimes): Centimes {
  if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a - b)) return a - b;
  return narrow(BigInt(a) - BigInt(b));
}

/**
 * The same on the contracts' `money` fields, typed `number` but holding a bigint past 2^53: for the
 * server's JS sums of amounts read from the database (a plain `+` would throw or round).
 */
export const addMoney = (a: number, b: number): number => addCentimes(a, b) as number;
export const subMoney = (a: number, b: number): number => subCentimes(a, b) as number;

/** The JSON value of an amount: a number while safe, the string of its digits past 2^53. */
export function centimesJson(v: Centimes): number | string {
  return typeof v === 'bigint' ? v.toString() : v;
}

/**
 * 123450 -> '1234,50' (French spreadsheets, PDF: `group` ' ' gives « 1 234,50 »), exact at any size:
 * the CSV and PDF writers' one formatter.
 */
export function centimesText(v: Centimes, opts: { group?: string; decimal?: string } = {}): string {
  const big = BigInt(v);
  const abs = big < 0n ? -big : big;
  let units = (abs / 100n).toString();
  if (opts.group) units = units.replace(/\B(?=(\d{3})+(?!\d))/g, opts.group);
  return `${big < 0n ? '-' : ''}${units}${opts.decimal ?? ','}${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A CSV cell of an amount: « 1234,50 », '' when there is none. */
export const centimesCell = (v: Centimes | null | undefined): string =>
  v === null || v === undefined ? '' : centimesText(v);

/** A value a response may carry as an amount (see `money`). */
export function isCentimes(v: unknown): boolean {
  return (
    (typeof v === 'number' && Number.isSafeInteger(v)) ||
    typeof v === 'bigint' ||
    (typeof v === 'string' && INTEGER_TEXT.test(v))
  );
}

/**
 * An amount in a response schema (replaces `z.number().int()` for money): a safe integer, or a bigint /
 * digit string past 2^53 that the serialiser writes as a string. Typed `number`: see the note above.
 */
export const money = z.custom<number>(isCentimes, 'Montant invalide');

/* ---- Requests ---- */

/** Digits only, no leading zero (« 0 » itself is fine). */
const CANONICAL_DIGITS = /^(0|[1-9]\d*)$/;

/** The one strict reading of an amount sent by a client: a safe integer, or null. */
export function parseCentimes(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v === 'string' && v.length <= 16 && CANONICAL_DIGITS.test(v)) {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

/**
 * A money amount in centimes sent by a client (> 0 unless `allowZero`, ≤ `max`). Accepts a JSON
 * integer or a string of digits (forms, query strings); refuses every other spelling with a French
 * message naming the field.
 */
export const centimesInput = (
  label: string,
  opts: { allowZero?: boolean; max: number; tooLarge?: string; positive?: string; feminine?: boolean },
) => {
  const e = opts.feminine ? 'e' : '';
  const min = opts.allowZero
    ? `${label} ne peut pas être négati${e ? 've' : 'f'}`
    : (opts.positive ?? `${label} doit être positi${e ? 've' : 'f'}`);
  const required = `${label} est requis${e}`;
  const format = `${label} doit être un nombre en centimes entiers (chiffres uniquement, sans décimales)`;
  // number | string: what JSON, forms and query strings carry (and what the OpenAPI document says);
  // the strict reading is parseCentimes. A codec, so that a contract reused as a response encodes.
  return z.codec(
    z.union([z.number(), z.string()], { error: (iss) => (iss.input === undefined ? required : format) }),
    z
      .number()
      .int()
      .min(opts.allowZero ? 0 : 1, min)
      .max(opts.max, opts.tooLarge ?? `${label} est trop grand${e}`),
    {
      decode: (v, ctx) => {
        const n = parseCentimes(v);
        if (n === null) ctx.issues.push({ code: 'custom', message: v === '' ? required : format, input: v });
        return n ?? 0;
      },
      encode: (n) => n,
    },
  );
};
