import { describe, expect, it } from 'vitest';
import {
  paymentUrlOf,
  payParamsOf,
  payQueryString,
  payRequestParams,
  readPayParams,
  URL_NOT_FOUND,
} from './pay-params';

const invoice = {
  period_start: '2025-03-01',
  period_end: '2025-03-31',
  company_ref: 'DEMO',
  amount: 3000,
  active_agents: 3,
};

describe('online payment parameters', () => {
  it('takes an invoice’s period, company, amount and agents, and reads them back', () => {
    const qs = payQueryString(payParamsOf(invoice));
    expect(qs).toBe('start_date=2025-03-01&end_date=2025-03-31&company=DEMO&amount=3000&nb_agent=3');
    expect(readPayParams(new URLSearchParams(qs))).toEqual({
      start_date: '2025-03-01',
      end_date: '2025-03-31',
      company: 'DEMO',
      amount: 3000,
      nb_agent: 3,
      complete: true,
    });
  });

  it('keeps what is valid of a partial or broken URL', () => {
    expect(readPayParams(new URLSearchParams('company=DEMO&start_date=2025-03-01&end_date=2025-03-31'))).toEqual({
      start_date: '2025-03-01',
      end_date: '2025-03-31',
      company: 'DEMO',
      complete: false,
    });
    expect(
      readPayParams(new URLSearchParams('company=<x>&start_date=2025-03-31&end_date=2025-03-01&amount=-5&nb_agent=0')),
    ).toEqual({ complete: false });
  });

  it('sends which=superuser and the sandbox unless told', () => {
    const p = payParamsOf(invoice);
    expect(payRequestParams(p)).toEqual({ ...p, which: 'superuser', provider: 'sandbox' });
    expect(payRequestParams(p, 'moncash', 'company')).toMatchObject({ which: 'company', provider: 'moncash' });
  });

  it('reads the url of the answer, or raises « URL not found in response »', () => {
    expect(paymentUrlOf({ url: 'http://x/pay/sandbox/1', checkout_id: '1' })).toBe('http://x/pay/sandbox/1');
    for (const answer of [{}, { url: '' }, { url: 3 }, null, 'text', undefined])
      expect(() => paymentUrlOf(answer)).toThrow(URL_NOT_FOUND);
  });
});
