import { describe, expect, it } from 'vitest';
import { canPayOnline, daysUntil, INVOICE_TONE, invoiceStatus, isPastDue } from './invoice-status';

describe('invoice status', () => {
  it('says Payée, Impayée, En retard or Annulée', () => {
    expect(invoiceStatus({ status: 'paid', overdue: false })).toBe('paid');
    // A paid invoice is never late, whatever the flag says.
    expect(invoiceStatus({ status: 'paid', overdue: true })).toBe('paid');
    expect(invoiceStatus({ status: 'unpaid', overdue: false })).toBe('unpaid');
    expect(invoiceStatus({ status: 'unpaid', overdue: true })).toBe('overdue');
    expect(invoiceStatus({ status: 'cancelled', overdue: true })).toBe('cancelled');
    expect(INVOICE_TONE.overdue).toBe('error');
    expect(INVOICE_TONE.paid).toBe('success');
  });

  it('offers the online payment for an unpaid invoice with something to pay', () => {
    expect(canPayOnline({ status: 'unpaid', amount: 3000, active_agents: 3 })).toBe(true);
    expect(canPayOnline({ status: 'unpaid', amount: 0, active_agents: 0 })).toBe(false);
    expect(canPayOnline({ status: 'paid', amount: 3000, active_agents: 3 })).toBe(false);
    expect(canPayOnline({ status: 'cancelled', amount: 3000, active_agents: 3 })).toBe(false);
  });

  it('counts the days to the due date', () => {
    expect(daysUntil('2025-03-15', '2025-03-14')).toBe(1);
    expect(daysUntil('2025-03-15T00:00:00Z', '2025-03-20')).toBe(-5);
    expect(isPastDue({ status: 'unpaid', overdue: false, due_date: '2025-03-10' }, '2025-03-14')).toBe(true);
    expect(isPastDue({ status: 'unpaid', overdue: true, due_date: '2025-03-10' }, '2025-03-14')).toBe(false);
    expect(isPastDue({ status: 'unpaid', overdue: false, due_date: '2025-03-20' }, '2025-03-14')).toBe(false);
  });
});
