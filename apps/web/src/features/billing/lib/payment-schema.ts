import type { CompanyPayment } from '@borlette/shared/contracts/billing';
import { MAX_AMOUNT } from '@borlette/shared/contracts/engine-common';
import { z } from 'zod';
import { amountField } from '../../../components/form/amount-schema';
import { centimesToInput } from '../../../lib/money';
import { isDay, todayIn } from './period';

/**
 * A payment entered by hand: company, optional invoice of that company, amount (typed in the
 * platform's currency, sent in minor units), method, reference, date and note. Unit-tested.
 */
export type PaymentMessage =
  | 'company'
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountPositive'
  | 'amountTooLarge'
  | 'method'
  | 'date'
  | 'reference'
  | 'note';

export function makePaymentSchema(m: (key: PaymentMessage) => string) {
  return z.object({
    company_id: z
      .number({ error: m('company') })
      .int()
      .positive(m('company')),
    invoice_id: z.number().int().positive().nullable(),
    amount: amountField(
      {
        required: m('amountRequired'),
        invalid: m('amountInvalid'),
        positive: m('amountPositive'),
        tooLarge: m('amountTooLarge'),
      },
      { max: MAX_AMOUNT },
    ),
    method: z.enum(['cash', 'transfer', 'other'], { error: m('method') }),
    reference: z.string().trim().max(120, m('reference')),
    paid_at: z.string().refine((v) => isDay(v), m('date')),
    note: z.string().trim().max(300, m('note')),
  });
}

export type PaymentSchema = ReturnType<typeof makePaymentSchema>;
export type PaymentFormInput = z.input<PaymentSchema>;
export type PaymentFormOutput = z.output<PaymentSchema>;

export const emptyPayment = (today: string, companyId: number | null, invoiceId: number | null): PaymentFormInput => ({
  company_id: companyId as number,
  invoice_id: invoiceId,
  amount: '',
  method: 'cash',
  reference: '',
  paid_at: today,
  note: '',
});

/** A recorded payment as the form's values (its date on the platform's calendar). */
export function paymentToForm(p: CompanyPayment, timeZone: string): PaymentFormInput {
  const method = p.method === 'cash' || p.method === 'transfer' || p.method === 'other' ? p.method : 'other';
  return {
    company_id: p.company_id,
    invoice_id: p.invoice_id,
    amount: centimesToInput(p.amount),
    method,
    reference: p.reference ?? '',
    paid_at: /^\d{4}-\d{2}-\d{2}$/.test(p.paid_at) ? p.paid_at : todayIn(timeZone, new Date(p.paid_at)),
    note: p.note ?? '',
  };
}

/** The form's values as the API's body (empty texts are null). */
export const formToPayment = (v: PaymentFormOutput) => ({
  company_id: v.company_id,
  invoice_id: v.invoice_id,
  amount: v.amount,
  method: v.method,
  reference: v.reference || null,
  paid_at: v.paid_at,
  note: v.note || null,
});
