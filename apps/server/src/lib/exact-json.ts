import { centimesJson } from '@borlette/shared/contracts/money';

/**
 * The server's JSON boundaries for amounts past 2^53 (see contracts/money.ts): what comes out of the
 * database's json/jsonb columns, and what goes out in answers, audit entries and exports.
 */

const MARK = '\u0000int:';
/** The same in JSON text (a NUL cannot appear raw in a JSON string, nor in a jsonb value at all). */
const MARK_TEXT = '\\u0000int:';
/** A string token (kept as is) or an integer of 16+ digits (may be past 2^53). */
const TOKENS = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![.eE\d])/g;

/**
 * JSON.parse that keeps integers past 2^53 exact, as bigint (as the int8 parser does), instead of
 * rounding them: used for json/jsonb columns (audit before/after, json_build_object of sums).
 */
export function parseJsonExact(text: string): unknown {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  let marked = false;
  const safe = text.replace(TOKENS, (token) => {
    if (token.startsWith('"') || Number.isSafeInteger(Number(token))) return token;
    marked = true;
    return `"${MARK_TEXT}${token}"`;
  });
  if (!marked) return JSON.parse(text);
  return JSON.parse(safe, (_key, value) =>
    typeof value === 'string' && value.startsWith(MARK) ? BigInt(value.slice(MARK.length)) : value,
  );
}

/** JSON.stringify replacer: a bigint is written as a number while safe, else as the string of its digits. */
export function bigintReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? centimesJson(value) : value;
}
