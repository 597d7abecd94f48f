/**
 * The one reading of an agent's balance on every screen (docs/domain.md « Money »): balance = sales −
 * commission − payouts (or a wallet's sum of entries, which follows the same sign). Positive: the
 * agent owes the company (« Doit »); negative: « Défisi » (the company owes the agent); zero: « À jour ».
 * A ledger entry follows the same sign: one that raises what the agent owes is +, one that lowers it −,
 * and it takes the colour of a balance of that sign. Pure, unit-tested; the web's BalanceFigure is its
 * only renderer, so the sign, label and colour cannot drift between the reports, the wallet, the
 * transactions, the POS and the home page.
 */

/** An amount in centimes as the API carries it: a number, or past 2^53 a bigint or a string of digits. */
export type Amount = number | bigint | string;

export type BalanceState = 'owes' | 'deficit' | 'settled';
/** The palette tone of a state: the company gains (success), « défisi » (error), nothing (neutral). */
export type BalanceTone = 'success' | 'error' | 'neutral';

/** -1, 0 or 1: exact at any size (a digit string past 2^53 is never turned into a rounded number). */
export function amountSign(amount: Amount): -1 | 0 | 1 {
  if (typeof amount === 'number') return amount > 0 ? 1 : amount < 0 ? -1 : 0;
  const big = BigInt(amount);
  return big > 0n ? 1 : big < 0n ? -1 : 0;
}

export function balanceState(amount: Amount): BalanceState {
  const s = amountSign(amount);
  return s > 0 ? 'owes' : s < 0 ? 'deficit' : 'settled';
}

export const BALANCE_TONE: Record<BalanceState, BalanceTone> = {
  owes: 'success',
  deficit: 'error',
  settled: 'neutral',
};

export const balanceTone = (amount: Amount): BalanceTone => BALANCE_TONE[balanceState(amount)];

/** The sign shown before an amount: « + » when it raises what the agent owes, « − » (U+2212) when it lowers it. */
export function signPrefix(amount: Amount): '+' | '\u2212' | '' {
  const s = amountSign(amount);
  return s > 0 ? '+' : s < 0 ? '\u2212' : '';
}

/** The absolute value, exact (for a formatter that then gets the sign from signPrefix). */
export function absAmount(amount: Amount): Amount {
  if (typeof amount === 'number') return Math.abs(amount);
  const big = BigInt(amount);
  return big < 0n ? (-big).toString() : big.toString();
}

/**
 * A signed amount as text: `plain` formats the absolute value (« 7 676,10 »), the sign is put before
 * it: « +7 676,10 », « −7 676,10 », « 0,00 ».
 */
export function signedText(amount: Amount, plain: (abs: Amount) => string): string {
  return `${signPrefix(amount)}${plain(absAmount(amount))}`;
}
