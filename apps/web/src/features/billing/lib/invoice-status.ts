import type { Invoice } from '@borlette/shared/contracts/billing';

/**
 * What an invoice's chip says: « Payée », « Impayée », « En retard » (unpaid past its due date and the
 * company's grace: its sales are stopped) or « Annulée ». Pure functions, unit-tested.
 */
export type InvoiceDisplayStatus = 'paid' | 'unpaid' | 'overdue' | 'cancelled';
export type Tone = 'success' | 'warning' | 'error' | 'info' | 'grey';

export function invoiceStatus(inv: Pick<Invoice, 'status' | 'overdue'>): InvoiceDisplayStatus {
  if (inv.status === 'paid') return 'paid';
  if (inv.status === 'cancelled') return 'cancelled';
  return inv.overdue ? 'overdue' : 'unpaid';
}

export const INVOICE_TONE: Record<InvoiceDisplayStatus, Tone> = {
  paid: 'success',
  unpaid: 'warning',
  overdue: 'error',
  cancelled: 'grey',
};

/** Unpaid, with something to pay: the online payment is offered. */
export const canPayOnline = (inv: Pick<Invoice, 'status' | 'amount' | 'active_agents'>) =>
  inv.status === 'unpaid' && inv.amount > 0 && inv.active_agents > 0;

/** Days left before the due date (negative once past), on the calendar. */
export function daysUntil(due: string, today: string): number {
  return Math.round((Date.parse(`${due.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Unpaid and past its due date, still within the grace (not yet « En retard »). */
export const isPastDue = (inv: Pick<Invoice, 'status' | 'overdue' | 'due_date'>, today: string) =>
  inv.status === 'unpaid' && !inv.overdue && daysUntil(inv.due_date, today) < 0;
