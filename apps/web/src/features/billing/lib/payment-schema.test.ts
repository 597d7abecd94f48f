import { describe, expect, it } from 'vitest';
import { emptyPayment, formToPayment, makePaymentSchema, paymentToForm } from './payment-schema';

const schema = makePaymentSchema((k) => k);
const errors = (v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('payment entered by hand', () => {
  it('sends minor units and nulls for empty texts', () => {
    const v = schema.parse({ ...emptyPayment('2025-03-14', 4, null), amount: '30,50', reference: '  ' });
    expect(formToPayment(v)).toEqual({
      company_id: 4,
      invoice_id: null,
      amount: 3050,
      method: 'cash',
      reference: null,
      paid_at: '2025-03-14',
      note: null,
    });
  });

  it('requires a company, an amount and a valid date', () => {
    expect(errors({ ...emptyPayment('2025-02-30', null, null), amount: '' })).toEqual([
      'company_id:company',
      'amount:amountRequired',
      'paid_at:date',
    ]);
    expect(errors({ ...emptyPayment('2025-03-14', 1, null), amount: '0' })).toEqual(['amount:amountPositive']);
    expect(errors({ ...emptyPayment('2025-03-14', 1, null), amount: 'abc' })).toEqual(['amount:amountInvalid']);
  });

  it('loads a recorded payment, its date on the platform’s calendar', () => {
    const form = paymentToForm(
      {
        id: 1,
        company_id: 2,
        company_name: 'Démo',
        invoice_id: 9,
        invoice_number: 'F-1',
        amount: 3000,
        currency: 'USD',
        method: 'transfer',
        reference: 'VIR-1',
        paid_at: '2025-03-01T03:00:00.000Z',
        note: null,
        status: 'confirmed',
        created_at: '2025-03-01T03:00:00.000Z',
      },
      'America/Port-au-Prince',
    );
    expect(form).toEqual({
      company_id: 2,
      invoice_id: 9,
      amount: '30,00',
      method: 'transfer',
      reference: 'VIR-1',
      paid_at: '2025-02-28',
      note: '',
    });
  });
});
