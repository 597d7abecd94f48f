/**
 * The one reading of an amount a person types, for every amount field of the back office
 * (apps/web lib/money.ts) and the stakes of the point of sale (game/parse.ts): units with optional
 * thousands spaces, then a comma or a point and 1-2 decimals — « 12,50 », « 12.5 », « 1 234,50 ».
 * The text is read as digits, never as a float.
 */
const AMOUNT = /^(\d{1,3}(?:[\s\u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/;

/** « 1 234,5 » -> 123450 centimes; null when it is not such an amount or past 2^53 centimes. */
export function parseAmountText(input: string): number | null {
  const m = AMOUNT.exec(input.trim());
  if (!m) return null;
  const units = BigInt((m[1] ?? '').replace(/[\s\u00a0\u202f]/g, ''));
  const centimes = units * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return centimes > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(centimes);
}
