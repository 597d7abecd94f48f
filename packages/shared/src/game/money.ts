/**
 * Ticket numbers and commissions: small rules shared by the server (SQL mirrors them) and the POS.
 */
import { assertNonNegativeInteger } from './errors';

/** Luhn check digit of a positive integer (ticket numbers are sequence × 10 + this digit). */
export function luhnDigit(value: number): number {
  assertNonNegativeInteger(value, 'invalid_amount', 'Le numéro');
  const digits = String(value);
  let total = 0;
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
    double = !double;
  }
  return (10 - (total % 10)) % 10;
}

/** True when the last digit of a ticket number is its check digit (catches one mistyped digit). */
export function isValidFicheNumber(value: number): boolean {
  if (!Number.isSafeInteger(value) || value < 10) return false;
  return luhnDigit(Math.floor(value / 10)) === value % 10;
}

/** Commission of a sale, in centimes: amount × rate, rounded half up (rate in basis points). */
export function commissionFor(amount: number, bp: number): number {
  assertNonNegativeInteger(amount, 'invalid_amount', 'Le montant');
  assertNonNegativeInteger(bp, 'invalid_amount', 'Le taux de commission');
  return Number((BigInt(amount) * BigInt(bp) + 5000n) / 10000n);
}
