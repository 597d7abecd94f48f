import { WALLET_KINDS, type WalletEntry, type WalletKind } from '@borlette/shared/contracts/wallet';
import { signedText } from '@borlette/shared/money/balance';
import { formatPlain, type NumberFormat } from '../../../lib/figures';

/**
 * The agents' ledger as people read it: the kind of each entry, the sign of its amount (its effect on
 * what the agent owes), the state of a balance and the movements the back office enters. Pure
 * functions, unit-tested.
 */

export { WALLET_KINDS, type WalletKind };
export type Tone = 'info' | 'success' | 'warning' | 'error' | 'secondary' | 'grey';

/** Colour of a kind's chip: money in (sales, deposits), money out (payouts, withdrawals), corrections. */
export const KIND_TONE: Record<WalletKind, Tone> = {
  sale: 'info',
  cancel: 'grey',
  reactivate: 'info',
  payout: 'warning',
  payout_reversal: 'grey',
  deposit: 'success',
  withdrawal: 'warning',
  adjustment: 'secondary',
  zero: 'secondary',
  zero_reversal: 'grey',
  collection: 'success',
  collection_reversal: 'grey',
};

/** The kinds the ticket engine writes by itself (a ticket number goes with them). */
export const TICKET_KINDS: readonly WalletKind[] = ['sale', 'cancel', 'reactivate', 'payout', 'payout_reversal'];

export const isWalletKind = (v: unknown): v is WalletKind => (WALLET_KINDS as readonly unknown[]).includes(v);

/** 5000 -> « +50,00 », -5000 -> « −50,00 » (a real minus sign), 0 -> « 0,00 »: the shared convention. */
export function formatSigned(centimes: number, fmt: NumberFormat): string {
  return signedText(centimes, (abs) => formatPlain(Number(abs), fmt));
}

/** A transaction zero that can still be reversed (once; the reversal itself cannot). */
export const canReverse = (e: Pick<WalletEntry, 'kind' | 'reversed'>) => e.kind === 'zero' && !e.reversed;

/** The entry a transaction zero posts: the opposite of the balance (null when already 0). */
export const zeroAmount = (balance: number): number | null => (balance === 0 ? null : -balance);

export type MovementKind = 'deposit' | 'withdrawal' | 'adjustment';
export const MOVEMENT_KINDS: readonly MovementKind[] = ['deposit', 'withdrawal', 'adjustment'];

/**
 * The effect on what the agent owes of the amount typed (positive centimes): a deposit (the agent
 * hands in cash) lowers it, a withdrawal (the company gives cash) raises it, an adjustment goes the
 * chosen way. Mirrors the server's rule, for the preview of the form.
 */
export function movementEffect(kind: MovementKind, amount: number, owesMore?: boolean | null): number {
  if (kind === 'deposit') return -amount;
  if (kind === 'withdrawal') return amount;
  return owesMore ? amount : -amount;
}

/** The summary of the listed agents' balances: what is to collect (owed) and the « défisi » (owed to them). */
export function balanceTotals(balances: { balance: number }[]) {
  let owed = 0;
  let deficit = 0;
  for (const b of balances) {
    if (b.balance > 0) owed += b.balance;
    else deficit += b.balance;
  }
  return { owed, deficit };
}
