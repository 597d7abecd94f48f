import type { FacturationsPage, Invoice, PayProviders } from '@borlette/shared/contracts/billing';
import { companyEndpoints } from '@borlette/shared/contracts/companies';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api, call } from '../../../lib/api-client';
import { type PayParams, type Provider, paymentUrlOf, payRequestParams } from '../lib/pay-params';
import type { Period } from '../lib/period';

/** Every query of the feature starts with this key: invalidating it refreshes invoices, totals, payments. */
export const BILLING_KEY = ['billing'] as const;
export const INVOICES_KEY = [...BILLING_KEY, 'invoices'] as const;
export const FACTURATIONS_URL = '/api/generals/facturations';
export const PAY_URL = '/api/generals/pay-facturations';
export const SETTINGS_URL = '/api/generals/billing-settings';
export const pdfUrl = (id: number) => `${FACTURATIONS_URL}/${id}/pdf`;

/** Sort keys the invoice list accepts (server whitelist). */
export const INVOICE_SORTS = {
  number: 'number',
  company: 'company_name',
  period: 'period_start',
  agents: 'active_agents',
  amount: 'amount',
  status: 'status',
  due: 'due_date',
  paid: 'paid_at',
} as const;

export type { FacturationsPage, Invoice };

/** One company's invoice for a period (computed or brought up to date by the server). */
export function useInvoiceFor(company: string | undefined, period: Period | null) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'for', company, period?.start, period?.end],
    queryFn: async ({ signal }) => {
      const page = await api.get<FacturationsPage>(FACTURATIONS_URL, {
        params: { company, start_date: period?.start, end_date: period?.end, which: 'superuser', page_size: 1 },
        signal,
      });
      return page.results.find((i) => i.company_ref === company) ?? null;
    },
    enabled: !!company && !!period,
  });
}

/** A company's invoices (its last ones first), for the payment form. */
export function useCompanyInvoices(company: string | undefined, period: Period) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'of', company, period.start, period.end],
    queryFn: ({ signal }) =>
      api.get<FacturationsPage>(FACTURATIONS_URL, {
        params: {
          company,
          start_date: period.start,
          end_date: period.end,
          page_size: 100,
          sort: INVOICE_SORTS.period,
          order: 'desc',
        },
        signal,
      }),
    enabled: !!company,
  });
}

/** The PDF of an invoice, fetched with the token (the endpoint needs it) as a Blob. */
export const invoicePdfQuery = (id: number) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'pdf', id],
    queryFn: ({ signal }) => api.file(pdfUrl(id), { signal }),
    // A blob URL is made from it: keep it while the page is open, refetch on the next visit.
    staleTime: 60_000,
    gcTime: 0,
    retry: 1,
  });

export function useInvoicePdf(id: number | null) {
  return useQuery({ ...invoicePdfQuery(id ?? 0), enabled: id !== null });
}

/** The online providers this server can use: the pay page offers only these (MonCash hidden while unconfigured). */
export function usePayProviders() {
  return useQuery({
    queryKey: [...BILLING_KEY, 'pay-providers'],
    queryFn: ({ signal }) => api.get<PayProviders>('/api/generals/pay-providers', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Spec §4: GET pay-facturations, then the browser goes to the answer's url; without one the error
 * 'URL not found in response' is raised (the page shows it).
 */
export function useStartPayment() {
  return useMutation<string, Error, { params: PayParams; provider?: Provider }>({
    mutationFn: async ({ params, provider }) =>
      paymentUrlOf(await api.get<unknown>(PAY_URL, { params: { ...payRequestParams(params, provider) } })),
    onSuccess: (url) => window.location.assign(url),
  });
}

/* ---- Companies (the superuser's list, with ids: filters and forms) ---- */

export interface CompanyChoice {
  id: number;
  ref: string;
  name: string;
}

/** The companies of the selected country, by name (100 at most: a platform's list of tenants). */
export function useCompanyChoices() {
  return useQuery({
    queryKey: [...BILLING_KEY, 'companies'],
    queryFn: async ({ signal }) => {
      const page = await call(companyEndpoints.list, { page_size: 100, sort: 'name', order: 'asc' }, { signal });
      // Without `id` the endpoint answers a page.
      if (!('results' in page)) return [];
      return page.results.map<CompanyChoice>((c) => ({ id: c.id, ref: c.ref_code, name: c.name }));
    },
    staleTime: 60_000,
  });
}

/* ---- Billing settings of a company (price ladder, grace) ---- */

export interface BillingSettings {
  company_id: number;
  prices: { min: number; price: number }[];
  billing_grace_days: number;
  currency?: string;
}

export function useBillingSettings(companyId: number | null) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'settings', companyId],
    queryFn: ({ signal }) => api.get<BillingSettings>(SETTINGS_URL, { params: { company_id: companyId }, signal }),
    enabled: companyId !== null,
  });
}

/** The dialog shows the errors on its fields: no error snackbar. */
export function useSaveBillingSettings() {
  const { t } = useTranslation('billing');
  return useMutationWithToast({
    mutationFn: (v: BillingSettings & { company_name: string }) => {
      const { company_name: _name, currency: _currency, ...body } = v;
      return api.put<BillingSettings>(SETTINGS_URL, body);
    },
    successMessage: (_, v) => t('settings.saved', { name: v.company_name }),
    toastErrors: false,
    invalidate: [BILLING_KEY],
  });
}

export type InvoiceRow = Invoice;
