import {
  billingEndpoints,
  type billingSettings,
  type FacturationsPage,
  type Invoice,
} from '@borlette/shared/contracts/billing';
import { companyEndpoints } from '@borlette/shared/contracts/companies';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call, download } from '../../../lib/api-client';
import { type PayParams, type Provider, paymentUrlOf, payRequestParams } from '../lib/pay-params';
import type { Period } from '../lib/period';

/** Every query of the feature starts with `all`: invalidating it refreshes invoices, totals, payments. */
export const billingKeys = {
  all: ['billing'] as const,
  invoices: ['billing', 'invoices'] as const,
  payments: ['billing', 'payments'] as const,
};

export type { FacturationsPage, Invoice };

/** One company's invoice for a period (computed or brought up to date by the server). */
export function useInvoiceFor(company: string | undefined, period: Period | null) {
  return useQuery({
    queryKey: [...billingKeys.invoices, 'for', company, period?.start, period?.end],
    queryFn: async ({ signal }) => {
      const page = await call(
        billingEndpoints.invoices,
        { company, start_date: period?.start, end_date: period?.end, which: 'superuser', page_size: 1 },
        { signal },
      );
      return page.results.find((i) => i.company_ref === company) ?? null;
    },
    enabled: !!company && !!period,
  });
}

/** A company's invoices (its last ones first), for the payment form. */
export function useCompanyInvoices(company: string | undefined, period: Period) {
  return useQuery({
    queryKey: [...billingKeys.invoices, 'of', company, period.start, period.end],
    queryFn: ({ signal }) =>
      call(
        billingEndpoints.invoices,
        {
          company,
          start_date: period.start,
          end_date: period.end,
          page_size: 100,
          sort: 'period_start',
          order: 'desc',
        },
        { signal },
      ),
    enabled: !!company,
  });
}

/** The PDF of an invoice, fetched with the token (the endpoint needs it) as a Blob. */
export const invoicePdfQuery = (id: number) =>
  queryOptions({
    queryKey: [...billingKeys.invoices, 'pdf', id],
    queryFn: ({ signal }) => download(billingEndpoints.invoicePdf, { id }, { signal }),
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
    queryKey: [...billingKeys.all, 'pay-providers'],
    queryFn: ({ signal }) => call(billingEndpoints.payProviders, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * docs/spec.md §4: GET pay-facturations, then the browser goes to the answer's url; without one the error
 * 'URL not found in response' is raised (the page shows it).
 */
export function useStartPayment() {
  return useMutation<string, Error, { params: PayParams; provider?: Provider }>({
    mutationFn: async ({ params, provider }) =>
      paymentUrlOf(await call(billingEndpoints.pay, payRequestParams(params, provider))),
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
    queryKey: [...billingKeys.all, 'companies'],
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

export type BillingSettings = z.output<typeof billingSettings>;

export function useBillingSettings(companyId: number | null) {
  return useQuery({
    queryKey: [...billingKeys.all, 'settings', companyId],
    queryFn: ({ signal }) => call(billingEndpoints.settings, { company_id: companyId ?? 0 }, { signal }),
    enabled: companyId !== null,
  });
}

/** The dialog shows the errors on its fields: no error snackbar. */
export function useSaveBillingSettings() {
  const { t } = useTranslation('billing');
  return useMutationWithToast({
    mutationFn: (v: z.input<typeof billingSettings> & { company_name: string }) => {
      const { company_name: _name, ...body } = v;
      return call(billingEndpoints.updateSettings, body);
    },
    successMessage: (_, v) => t('settings.saved', { name: v.company_name }),
    toastErrors: false,
    invalidate: [billingKeys.all],
  });
}
