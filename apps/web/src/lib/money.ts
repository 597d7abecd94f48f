/**
 * Amounts: integer centimes in the API, « 1 234,50 » in the forms (HTG with 2 decimals at most).
 * Pure functions, unit-tested.
 */
import { parseAmountText } from '@borlette/shared/amount-text';

/** « 1 234,5 » -> 123450; null when it is not an amount with 2 decimals at most (the shared reading). */
export const parseAmount = (input: string): number | null => parseAmountText(input);

/**
 * 123450 -> '1234,50' (the form's editable text): the decimal comma of the app's languages (French
 * first), a point in English; parseAmount reads both.
 */
export function centimesToInput(centimes: number, language = 'fr'): string {
  const text = (centimes / 100).toFixed(2);
  return language.startsWith('en') ? text : text.replace('.', ',');
}

/**
 * An amount of the API as an exact decimal text of units: 123450 -> '1234.50'. Past 2^53 the API sends
 * the amount as a string of digits (contracts/money.ts); dividing it as a number would round it.
 */
export function centimesDecimal(centimes: number | string | bigint): string {
  const big = BigInt(centimes);
  const abs = big < 0n ? -big : big;
  return `${big < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
