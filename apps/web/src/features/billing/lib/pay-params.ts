import type { Invoice } from '@borlette/shared/contracts/billing';
import { isDay } from './period';

/**
 * The parameters of an online payment (GET /api/generals/pay-facturations): the invoice's period,
 * company (ref_code), amount (minor units) and active agents, carried in the URL of
 * /dashboard/company/pay-facturation. Pure functions, unit-tested.
 */

export const PROVIDERS = ['sandbox', 'moncash'] as const;
export type Provider = (typeof PROVIDERS)[number];
export type Which = 'superuser' | 'company';

export interface PayParams {
  start_date: string;
  end_date: string;
  company: string;
  amount: number;
  nb_agent: number;
}

/** docs/spec.md §8: the message when the answer has no url. */
export const URL_NOT_FOUND = 'URL not found in response';

export const payParamsOf = (
  inv: Pick<Invoice, 'period_start' | 'period_end' | 'company_ref' | 'amount' | 'active_agents'>,
): PayParams => ({
  start_date: inv.period_start.slice(0, 10),
  end_date: inv.period_end.slice(0, 10),
  company: inv.company_ref,
  amount: inv.amount,
  nb_agent: inv.active_agents,
});

/** The page's query string of an invoice ('start_date=…&end_date=…&company=…&amount=…&nb_agent=…'). */
export function payQueryString(p: PayParams): string {
  return new URLSearchParams({
    start_date: p.start_date,
    end_date: p.end_date,
    company: p.company,
    amount: String(p.amount),
    nb_agent: String(p.nb_agent),
  }).toString();
}

const REF = /^[A-Za-z0-9_-]{1,40}$/;
const COUNT = /^[1-9]\d{0,9}$/;

/**
 * The URL's parameters: what is valid of them. `complete` when the invoice is fully named (then the
 * page shows it and can pay at once); company and period alone let the page look the invoice up.
 */
export function readPayParams(params: URLSearchParams): Partial<PayParams> & { complete: boolean } {
  const out: Partial<PayParams> = {};
  const start = params.get('start_date');
  const end = params.get('end_date');
  if (isDay(start) && isDay(end) && start <= end) {
    out.start_date = start;
    out.end_date = end;
  }
  const company = params.get('company')?.trim();
  if (company && REF.test(company)) out.company = company;
  const amount = params.get('amount') ?? '';
  if (COUNT.test(amount)) out.amount = Number(amount);
  const agents = params.get('nb_agent') ?? '';
  if (COUNT.test(agents)) out.nb_agent = Number(agents);
  const complete = !!(out.start_date && out.company && out.amount && out.nb_agent);
  return { ...out, complete };
}

/** The query of the call: `which` defaults to 'superuser' when undefined (docs/spec.md §5). */
export function payRequestParams(p: PayParams, provider?: Provider, which?: Which) {
  return { ...p, which: which ?? 'superuser', provider: provider ?? 'sandbox' };
}

/** docs/spec.md §4: the answer's url, or the error 'URL not found in response'. */
export function paymentUrlOf(answer: unknown): string {
  const url = answer && typeof answer === 'object' ? (answer as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || !url.trim()) throw new Error(URL_NOT_FOUND);
  return url;
}
